import { WalletOutlined } from '@ant-design/icons';
import { Alert, Button, Descriptions, Form, Input, Modal } from 'antd';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { DECIMALS, fromMinorUnits, toMinorUnits } from '@evcms/contracts/decimal';
import { BALANCE_REASON_MAX, balanceTopUpRequest } from '@evcms/contracts/driver-balance';
import type { Driver } from '@evcms/contracts/drivers';
import { useConfirm } from '../../components/confirm-modal.ts';
import { DecimalInput } from '../../components/decimal-input/decimal-input.tsx';
import { ApiError } from '../../lib/api-error.ts';
import { applyServerErrors, zodRule } from '../../lib/form-rules.ts';
import { useLang } from '../../lib/i18n.ts';
import { errorMessage } from '../../lib/localized-text.tsx';
import { formatFee } from '../../lib/number-format.ts';
import { useResourceMutation } from '../../lib/resource-api.ts';
import { Money } from './driver-values.tsx';
import { driversApi } from './drivers-api.ts';
import { focusOnceOpen } from '../../components/dialog-focus/focus-once-open.ts';

interface TopUpValues {
  amount: number | null;
  reason: string;
}

const fields = balanceTopUpRequest.shape;
// The contract's own rules: a blank amount says 'Top up your balance' (spec 5), 0.01..1,000,000 som, two decimals.
const rules = { amount: [zodRule(fields.amount)], reason: [zodRule(fields.reason)] };

/** The balance once `amount` som is added, counted exactly in tyiyn; undefined while the amount is not one. */
export function balanceAfter(balance: number, amount: number | null | undefined): number | undefined {
  if (amount === null || amount === undefined || !fields.amount.safeParse(amount).success) return undefined;
  const before = toMinorUnits(balance, DECIMALS.money);
  const added = toMinorUnits(amount, DECIMALS.money);
  if (before === undefined || added === undefined) return undefined;
  return fromMinorUnits(before + added, DECIMALS.money);
}

/**
 * The driver's 'Top up' button and its dialog: an amount (a decimal comma or point) and the reason
 * written into the ledger. The dialog shows the balance it will make; once the server has
 * written the entry, a confirmation names the new balance as the server counted it.
 */
export function BalanceTopUp({ driver }: { driver: Driver }) {
  const { t } = useTranslation('drivers');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="primary" icon={<WalletOutlined aria-hidden />} onClick={() => setOpen(true)}>
        {t('top_up.open')}
      </Button>
      {/* Mounted afresh each time, so the dialog always starts empty. */}
      {open && <TopUpDialog driver={driver} onClose={() => setOpen(false)} />}
    </>
  );
}

function TopUpDialog({ driver, onClose }: { driver: Driver; onClose: () => void }) {
  const { t } = useTranslation('drivers');
  const lang = useLang();
  const [form] = Form.useForm<TopUpValues>();
  const { confirmDiscard, success } = useConfirm();
  const topUp = useResourceMutation(driversApi.topUp);
  // A refusal on no field (the driver gone, the connection lost) stays in the dialog until the next try.
  const [failure, setFailure] = useState<ReactElement | null>(null);
  const amount = Form.useWatch('amount', form);
  const after = balanceAfter(driver.balance, amount);

  const close = async () => {
    if (!form.isFieldsTouched() || (await confirmDiscard())) onClose();
  };

  const submit = async (values: TopUpValues) => {
    setFailure(null);
    let saved: Driver;
    try {
      saved = await topUp.mutateAsync({
        id: driver.id,
        body: { amount: values.amount as number, reason: values.reason },
      });
    } catch (error) {
      if (error instanceof ApiError && error.status === 400 && Object.keys(error.fieldErrors()).length > 0) {
        applyServerErrors(form, error);
      } else {
        setFailure(errorMessage(error));
      }
      return;
    }
    onClose();
    void success({
      title: t('top_up.done'),
      content: t('top_up.done_balance', { balance: t('units.som', { value: formatFee(saved.balance, lang) }) }),
    });
  };

  return (
    <Modal
      open
      title={t('top_up.title', { name: `${driver.surname} ${driver.first_name}` })}
      okText={t('top_up.submit')}
      cancelText={t('top_up.cancel')}
      okButtonProps={{ loading: topUp.isPending, htmlType: 'submit', form: 'balance-top-up' }}
      onCancel={() => void close()}
      afterOpenChange={(open) => focusOnceOpen(open, () => form.focusField('amount'))}
    >
      <Form<TopUpValues>
        id="balance-top-up"
        form={form}
        layout="vertical"
        autoComplete="off"
        initialValues={{ amount: null, reason: '' }}
        onFinish={(values) => void submit(values)}
      >
        <Descriptions
          size="small"
          column={1}
          style={{ marginBottom: 16 }}
          items={[
            { key: 'balance', label: t('top_up.balance'), children: <Money value={driver.balance} lang={lang} /> },
            {
              key: 'after',
              label: t('top_up.after'),
              children: after === undefined ? '—' : <Money value={after} lang={lang} />,
            },
          ]}
        />
        <Form.Item name="amount" label={t('top_up.amount')} rules={rules.amount} required validateFirst>
          {/* No min / max / precision: InputNumber would change a typed 150,555 silently; the rule refuses it instead. */}
          <DecimalInput inputMode="decimal" suffix={t('units.currency')} />
        </Form.Item>
        <Form.Item name="reason" label={t('top_up.reason')} rules={rules.reason} required>
          <Input.TextArea
            rows={3}
            count={{ show: true, max: BALANCE_REASON_MAX }}
            placeholder={t('top_up.reason_placeholder')}
          />
        </Form.Item>
        {failure && <Alert type="error" showIcon title={failure} data-testid="top-up-failure" />}
      </Form>
    </Modal>
  );
}
