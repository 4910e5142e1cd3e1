import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Col, Form, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { referralSettingsRequest, type ReferralSettings } from '@evcms/contracts/referrals';
import { DecimalInput } from '../../components/decimal-input/decimal-input.tsx';
import { QueryContent } from '../../components/load-failure/query-content.tsx';
import { ApiError } from '../../lib/api-error.ts';
import { applyServerErrors, zodRule } from '../../lib/form-rules.ts';
import { errorMessage } from '../../lib/localized-text.tsx';
import { useResourceMutation } from '../../lib/resource-api.ts';
import { referralsApi } from './referrals-api.ts';

interface SettingsValues {
  inviter_bonus: number | null;
  invited_bonus: number | null;
}

const fields = referralSettingsRequest.shape;
// The contract's own rules: som with two decimals, 0 (nothing paid) up to the maximum.
const rules = { inviter_bonus: [zodRule(fields.inviter_bonus)], invited_bonus: [zodRule(fields.invited_bonus)] };

/** The bonuses paid from now on to the inviter and to the invited driver at the invited driver's first paid charge. */
export function ReferralSettingsCard() {
  const { t } = useTranslation('referrals');
  const settings = useQuery(referralsApi.settingsQueryOptions());
  return (
    <Card title={t('settings.title')} data-testid="referral-settings">
      <QueryContent query={settings}>{(data) => <SettingsForm settings={data} />}</QueryContent>
    </Card>
  );
}

function SettingsForm({ settings }: { settings: ReferralSettings }) {
  const { t } = useTranslation('referrals');
  const { message, notification } = App.useApp();
  const [form] = Form.useForm<SettingsValues>();
  const save = useResourceMutation(referralsApi.saveSettings);

  const submit = async (values: SettingsValues) => {
    try {
      await save.mutateAsync({ inviter_bonus: values.inviter_bonus ?? '', invited_bonus: values.invited_bonus ?? '' });
      void message.success(t('settings.saved'));
    } catch (error) {
      if (error instanceof ApiError && error.status === 400 && Object.keys(error.fieldErrors()).length > 0) {
        applyServerErrors(form, error);
      } else {
        notification.error({ title: errorMessage(error) });
      }
    }
  };

  return (
    <Form<SettingsValues>
      form={form}
      layout="vertical"
      autoComplete="off"
      initialValues={{ inviter_bonus: settings.inviter_bonus, invited_bonus: settings.invited_bonus }}
      onFinish={(values) => void submit(values)}
    >
      <Typography.Paragraph type="secondary">{t('settings.hint')}</Typography.Paragraph>
      <Row gutter={24} align="bottom">
        <Col xs={24} md={8}>
          <Form.Item name="inviter_bonus" label={t('settings.inviter_bonus')} rules={rules.inviter_bonus} required>
            <DecimalInput inputMode="decimal" suffix={t('settings.currency')} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="invited_bonus" label={t('settings.invited_bonus')} rules={rules.invited_bonus} required>
            <DecimalInput inputMode="decimal" suffix={t('settings.currency')} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item>
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              {t('settings.save')}
            </Button>
          </Form.Item>
        </Col>
      </Row>
    </Form>
  );
}
