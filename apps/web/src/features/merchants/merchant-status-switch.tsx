import { App, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { STATUS_ACTIVE, STATUS_INACTIVE } from '@evcms/contracts/catalog';
import { formatMessage } from '@evcms/contracts/messages';
import type { Merchant } from '@evcms/contracts/merchants';
import { useConfirm } from '../../components/confirm-modal.ts';
import { errorText } from '../../lib/api-error.ts';
import { currentLang } from '../../lib/i18n.ts';
import { useSetMerchantStatuses } from './api/set-merchant-statuses.ts';
import { isActive } from './merchant-status.tsx';

/** Activates or deactivates one merchant after a confirmation naming it. */
export function MerchantStatusSwitch({ merchant }: { merchant: Pick<Merchant, 'id' | 'name' | 'status'> }) {
  const { t } = useTranslation('merchants');
  const { message, notification } = App.useApp();
  const { confirm } = useConfirm();
  const setStatuses = useSetMerchantStatuses();
  const active = isActive(merchant.status);

  const toggle = () =>
    confirm({
      title: t(active ? 'detail.confirm_deactivate' : 'detail.confirm_activate'),
      content: merchant.name,
      onOk: async () => {
        try {
          await setStatuses.mutateAsync({ ids: [merchant.id], status: active ? STATUS_INACTIVE : STATUS_ACTIVE });
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
