import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { isBlank } from '@evcms/contracts/form-values';
import { referralCode } from '@evcms/contracts/referrals';
import { z } from '@evcms/contracts/schema';
import { zodRule } from '../../lib/form-rules.ts';

// Optional: a blank field is nobody; else the contract's format, so the form says what the server would.
const rules = [
  zodRule(
    z.pipe(
      z.transform((value: unknown) => (isBlank(value) ? undefined : value)),
      z.optional(referralCode),
    ),
  ),
];

/**
 * A new driver's inviter, by the referral code the inviter gave them (what a friend passes on, so
 * what the driver can tell the manager); the server refuses a code nobody has, on this field.
 */
export function DriverInviterField() {
  const { t } = useTranslation('referrals');
  return (
    <Form.Item name="referral_code" label={t('inviter.field')} rules={rules} extra={t('inviter.field_hint')}>
      <Input spellCheck={false} style={{ textTransform: 'uppercase' }} />
    </Form.Item>
  );
}
