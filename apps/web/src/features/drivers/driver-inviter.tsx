import { EditOutlined } from '@ant-design/icons';
import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Flex, Form, Input, Modal, Typography } from 'antd';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Driver } from '@evcms/contracts/drivers';
import { inviterRequest, type InviterRequest, type ReferralDriver } from '@evcms/contracts/referrals';
import { useConfirm } from '../../components/confirm-modal.ts';
import { focusOnceOpen } from '../../components/dialog-focus/focus-once-open.ts';
import { ApiError } from '../../lib/api-error.ts';
import { applyServerErrors, zodRule } from '../../lib/form-rules.ts';
import { http } from '../../lib/http.ts';
import { errorMessage } from '../../lib/localized-text.tsx';
import { useResourceMutation } from '../../lib/resource-api.ts';
import { driverPaths } from './driver-route.tsx';
import { driversApi } from './drivers-api.ts';

/*
 * The driver card's referral rows (issue 32): the driver's own referral code, and who invited them
 * with 'Set inviter' (by the inviter's code, PUT /users/{id}/inviter/) and 'Remove' while no bonus
 * was paid; the server refuses the driver themselves, a circle and a rewarded invitation.
 */

const inviterApi = {
  set: (queryClient: QueryClient) =>
    mutationOptions({
      mutationFn: ({ id, body }: { id: number; body: InviterRequest }) =>
        http.put<ReferralDriver>(`/users/${id}/inviter/`, body),
      onSuccess: (_inviter, { id }) => queryClient.invalidateQueries({ queryKey: driversApi.keys.detail(id) }),
    }),
  remove: (queryClient: QueryClient) =>
    mutationOptions({
      mutationFn: (id: number) => http.delete<null>(`/users/${id}/inviter/`),
      onSuccess: (_none, id) => queryClient.invalidateQueries({ queryKey: driversApi.keys.detail(id) }),
    }),
};

/** The rows the card's profile shows: the referral code and the inviter. */
export function useReferralItems(driver: Driver) {
  const { t } = useTranslation('referrals');
  return [
    {
      key: 'referral_code',
      label: t('inviter.referral_code'),
      children: <Typography.Text copyable>{driver.referral_code}</Typography.Text>,
    },
    { key: 'invited_by', label: t('inviter.invited_by'), children: <DriverInviter driver={driver} /> },
  ];
}

function DriverInviter({ driver }: { driver: Driver }) {
  const { t } = useTranslation('referrals');
  const { message, notification } = App.useApp();
  const { confirm } = useConfirm();
  const [open, setOpen] = useState(false);
  const remove = useResourceMutation(inviterApi.remove);
  const name = `${driver.surname} ${driver.first_name}`;
  const unlink = () =>
    confirm({
      title: t('inviter.confirm_remove', { name }),
      danger: true,
      onOk: async () => {
        try {
          await remove.mutateAsync(driver.id);
          void message.success(t('inviter.removed'));
        } catch (error) {
          notification.error({ title: errorMessage(error) });
        }
      },
    });
  const inviter = driver.invited_by;
  return (
    <Flex wrap gap="small" align="center" data-testid="driver-inviter">
      {inviter ? (
        <Link to={driverPaths.detail(inviter.id)}>{inviter.name}</Link>
      ) : (
        <Typography.Text type="secondary">{t('inviter.nobody')}</Typography.Text>
      )}
      <Button size="small" icon={<EditOutlined aria-hidden />} onClick={() => setOpen(true)}>
        {t(inviter ? 'inviter.change' : 'inviter.set')}
      </Button>
      {inviter && (
        <Button size="small" danger loading={remove.isPending} onClick={() => void unlink()}>
          {t('inviter.remove')}
        </Button>
      )}
      {open && <InviterDialog driver={driver} onClose={() => setOpen(false)} />}
    </Flex>
  );
}

const rules = [zodRule(inviterRequest.shape.referral_code)];

function InviterDialog({ driver, onClose }: { driver: Driver; onClose: () => void }) {
  const { t } = useTranslation('referrals');
  const { message } = App.useApp();
  const [form] = Form.useForm<InviterRequest>();
  const set = useResourceMutation(inviterApi.set);
  // A refusal on no field (the driver gone, the connection lost) stays in the dialog until the next try.
  const [failure, setFailure] = useState<ReactElement | null>(null);

  const submit = async (values: InviterRequest) => {
    setFailure(null);
    try {
      await set.mutateAsync({ id: driver.id, body: values });
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fieldErrors()).length > 0) applyServerErrors(form, error);
      else setFailure(errorMessage(error));
      return;
    }
    onClose();
    void message.success(t('inviter.saved'));
  };

  return (
    <Modal
      open
      title={t('inviter.title', { name: `${driver.surname} ${driver.first_name}` })}
      okText={t('inviter.save')}
      cancelText={t('inviter.cancel')}
      okButtonProps={{ loading: set.isPending, htmlType: 'submit', form: 'driver-inviter' }}
      onCancel={onClose}
      afterOpenChange={(opened) => focusOnceOpen(opened, () => form.focusField('referral_code'))}
    >
      <Form<InviterRequest>
        id="driver-inviter"
        form={form}
        layout="vertical"
        autoComplete="off"
        initialValues={{ referral_code: '' }}
        onFinish={(values) => void submit(values)}
      >
        <Form.Item name="referral_code" label={t('inviter.code')} rules={rules} required>
          <Input spellCheck={false} style={{ textTransform: 'uppercase' }} />
        </Form.Item>
        {failure && <Alert type="error" showIcon title={failure} data-testid="inviter-failure" />}
      </Form>
    </Modal>
  );
}
