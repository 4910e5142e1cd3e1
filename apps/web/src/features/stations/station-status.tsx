import { App, Badge, Flex, Switch, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatMessage } from '@evcms/contracts/messages';
import type { Station } from '@evcms/contracts/stations';
import { isActive, toggledStatus, type Status } from '@evcms/contracts/status';
import { useConfirm } from '../../components/confirm-modal.ts';
import { errorText } from '../../lib/api-error.ts';
import { currentLang } from '../../lib/i18n.ts';
import { useResourceMutation } from '../../lib/resource-api.ts';
import { stationsApi } from './stations-api.ts';

/** The status icon of the list (spec 2.9): a green or grey dot with its word, and 'New' for a station not yet put to work. */
export function StationStatusBadge({ status, isNew }: { status: Status; isNew: boolean }) {
  const { t } = useTranslation('stations');
  const active = isActive(status);
  return (
    <Flex vertical align="flex-start" gap={4}>
      <Badge status={active ? 'success' : 'default'} text={t(active ? 'status.active' : 'status.inactive')} />
      {isNew && <Tag color="blue">{t('status.new')}</Tag>}
    </Flex>
  );
}

/** Whether the charge point holds a connection now: a green or grey dot with its word. */
export function StationOnlineBadge({ online }: { online: boolean }) {
  const { t } = useTranslation('stations');
  return (
    <Badge
      status={online ? 'success' : 'default'}
      text={t(online ? 'ocpp.online' : 'ocpp.offline')}
      data-testid="station-online"
      data-online={online}
      style={{ whiteSpace: 'nowrap' }}
    />
  );
}

/** Activates or deactivates one station after a confirmation naming it (the bulk call with one id). */
export function StationStatusSwitch({ station }: { station: Pick<Station, 'id' | 'name' | 'status'> }) {
  const { t } = useTranslation('stations');
  const { message, notification } = App.useApp();
  const { confirm } = useConfirm();
  const setStatuses = useResourceMutation(stationsApi.setStatuses);
  const active = isActive(station.status);

  const toggle = () =>
    confirm({
      title: t(active ? 'detail.confirm_deactivate' : 'detail.confirm_activate'),
      content: station.name,
      onOk: async () => {
        try {
          await setStatuses.mutateAsync({ ids: [station.id], status: toggledStatus(station.status) });
          void message.success(t(active ? 'detail.deactivated' : 'detail.activated'));
        } catch (error) {
          notification.error({ title: errorText(error, formatMessage(currentLang(), 'server_error')) });
        }
      },
    });

  return (
    <Switch
      data-testid="station-status-switch"
      checked={active}
      loading={setStatuses.isPending}
      checkedChildren={t('status.active')}
      unCheckedChildren={t('status.inactive')}
      onChange={() => void toggle()}
    />
  );
}
