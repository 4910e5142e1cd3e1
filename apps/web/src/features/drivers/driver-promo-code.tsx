import { GiftOutlined } from '@ant-design/icons';
import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Modal } from 'antd';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { Driver } from '@evcms/contracts/drivers';
import { PROMO_CODE_MAX, promoCodeRedeemRequest } from '@evcms/contracts/promo-codes';
import { useConfirm } from '../../components/confirm-modal.ts';
import { focusOnceOpen } from '../../components/dialog-focus/focus-once-open.ts';
import { ApiError } from '../../lib/api-error.ts';
import { applyServerErrors, zodRule } from '../../lib/form-rules.ts';
import { http } from '../../lib/http.ts';
import { useLang } from '../../lib/i18n.ts';
import { errorMessage } from '../../lib/localized-text.tsx';
import { formatFee } from '../../lib/number-format.ts';
import { useResourceMutation } from '../../lib/resource-api.ts';
import { driversApi } from './drivers-api.ts';

const rules = { code: [zodRule(promoCodeRedeemRequest.shape.code)] };

/** POST /users/{id}/promo-code/: the bonus credited; the driver answered, its page and ledger read afresh. */
const applyPromoCode = (queryClient: QueryClient) =>
  mutationOptions({
    mutationKey: [...driversApi.keys.all, 'promo-code'],
    mutationFn: ({ id, code }: { id: number; code: string }) => http.post<Driver>(`/users/${id}/promo-code/`, { code }),
    onSuccess: async (driver) => {
      queryClient.setQueryData(driversApi.keys.detail(driver.id), driver);
      await queryClient.invalidateQueries({ queryKey: driversApi.keys.all });
    },
  });

/**
 * The driver card's 'Apply promo code' button and its dialog: the code as the driver gives it (any
 * case). A refusal (unknown, inactive, expired, used up, already used by this driver, a blocked
 * driver) is said in the dialog in the server's words; once credited, a confirmation names the
 * new balance as the server counted it.
 */
export function DriverPromoCode({ driver }: { driver: Driver }) {
  const { t } = useTranslation('promo-codes');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<GiftOutlined aria-hidden />} onClick={() => setOpen(true)}>
        {t('apply.open')}
      </Button>
      {open && <PromoCodeDialog driver={driver} onClose={() => setOpen(false)} />}
    </>
  );
}

function PromoCodeDialog({ driver, onClose }: { driver: Driver; onClose: () => void }) {
  const { t } = useTranslation('promo-codes');
  const lang = useLang();
  const [form] = Form.useForm<{ code: string }>();
  const { success } = useConfirm();
  const apply = useResourceMutation(applyPromoCode);
  const [failure, setFailure] = useState<ReactElement | null>(null);

  const submit = async ({ code }: { code: string }) => {
    setFailure(null);
    let saved: Driver;
    try {
      saved = await apply.mutateAsync({ id: driver.id, code });
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
      title: t('apply.done'),
      content: t('apply.done_balance', { balance: t('units.som_value', { value: formatFee(saved.balance, lang) }) }),
    });
  };

  return (
    <Modal
      open
      title={t('apply.title', { name: `${driver.surname} ${driver.first_name}` })}
      okText={t('apply.submit')}
      cancelText={t('apply.cancel')}
      okButtonProps={{ loading: apply.isPending, htmlType: 'submit', form: 'driver-promo-code' }}
      onCancel={onClose}
      afterOpenChange={(isOpen) => focusOnceOpen(isOpen, () => form.focusField('code'))}
    >
      <Form<{ code: string }>
        id="driver-promo-code"
        form={form}
        layout="vertical"
        autoComplete="off"
        initialValues={{ code: '' }}
        onFinish={(values) => void submit(values)}
      >
        <Form.Item name="code" label={t('apply.code')} rules={rules.code} required>
          <Input count={{ show: true, max: PROMO_CODE_MAX }} />
        </Form.Item>
        {failure && <Alert type="error" showIcon title={failure} data-testid="promo-code-refusal" />}
      </Form>
    </Modal>
  );
}
