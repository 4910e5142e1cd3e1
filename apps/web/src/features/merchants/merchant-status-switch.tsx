import { App, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatMessage } from '@evcms/contracts/messages';
import type { Merchant } from '@evcms/contracts/merchants';
import { isActive, toggledStatus } from '@evcms/contracts/status';
import { useConfirm } from '../../components/confirm-modal.ts';
import { errorText } from '../../lib/api-error.ts';
import { currentLang } from '../../lib/i18n.ts';
import { useResourceMutation } from '../../lib/resource-api.ts';
import { merchantsApi } from './merchants-api.ts';

/** Activates or deactivates one merchant after a confirmation naming it. */
export function MerchantStatusSwitch({ merchant }: { merchant: Pick<Merchant, 'id' | 'name' | 'status'> }) {
  const { t } = useTranslation('merchants');
  const { message, notification } = App.useApp();
  const { confirm } = useConfirm();
  const setStatuses = useResourceMutation(merchantsApi.setStatuses);
  const active = isActive(merchant.status);

  const toggle = () =>
    confirm({
      title: t(active ? 'detail.confirm_deactivate' : 'detail.confirm_activate'),
      content: merchant.name,
      onOk: async () => {
        try {
          await setStatuses.mutateAsync({ ids: [merchant.id], status: toggledStatus(merchant.status) });
          void message.success(t(active ? 'detail.deactivated' : 'detail.activated'));
        } catch (error) {
          notification.error({ title: errorText(error, formatMessage(currentLang(), 'server_error')) });
        }
      },
    });

  return (
    <Switch
      data-testid="merchant-status-switch"
      checked={active}
      loading={setStatuses.isPending}
      checkedChildren={t('status.active')}
      unCheckedChildren={t('status.inactive')}
      onChange={() => void toggle()}
    />
  );
}
