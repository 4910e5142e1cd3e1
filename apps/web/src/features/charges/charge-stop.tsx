import { StopOutlined } from '@ant-design/icons';
import { App, Button, Flex, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ChargeListItem, ChargeStatus } from '@evcms/contracts/charges';
import { formatMessage } from '@evcms/contracts/messages';
import { useConfirm } from '../../components/confirm-modal.ts';
import { ApiError } from '../../lib/api-error.ts';
import { currentLang } from '../../lib/i18n.ts';
import { useResourceMutation } from '../../lib/resource-api.ts';
import { chargesApi } from './charges-api.ts';

/** Only a charge in progress, charging or paused, can be stopped: an initiated one has no transaction on the station yet. */
const STOPPABLE: readonly ChargeStatus[] = ['in_progress', 'pause'];

export type StoppableCharge = Pick<ChargeListItem, 'id' | 'driver' | 'id_tag' | 'station' | 'status'>;

export interface ChargeStopButtonProps {
  charge: StoppableCharge;
  /** An icon with a tooltip, for a table row; a labelled button otherwise. */
  compact?: boolean;
}

/**
 * Stopping a charge (spec 4 'Stopping a charge', 8 'Stop charge'): a confirmation naming the charge
 * number, the user and the station, then RemoteStopTransaction and the specification's two
 * outcomes. 'Yes' spins until the station has answered; the charge itself ends when the station
 * sends its stop, which the live updates show. A stop already under way is said as such, not as a
 * failure. Nothing for a charge that is not running.
 */
export function ChargeStopButton({ charge, compact = false }: ChargeStopButtonProps) {
  const { t } = useTranslation('charges');
  const { message, notification } = App.useApp();
  const { confirm } = useConfirm();
  const stop = useResourceMutation(chargesApi.stop);
  if (!STOPPABLE.includes(charge.status)) return null;

  // Spec 8 has one failure text; why it failed (offline, refused, no answer) is said under it.
  const failed = (reason?: string) =>
    notification.error({ title: formatMessage(currentLang(), 'server_error'), description: reason });
  const ask = () =>
    confirm({
      title: t('stop.title', { id: charge.id }),
      content: (
        <Flex vertical data-testid="charge-stop-summary">
          <Typography.Text>
            {t('stop.driver', {
              name: charge.driver?.name ?? `${t('list.unknown_tag')} ${charge.id_tag ?? ''}`.trim(),
            })}
          </Typography.Text>
          <Typography.Text>{t('stop.station', { name: charge.station.name })}</Typography.Text>
        </Flex>
      ),
      okText: t('stop.ok'),
      danger: true,
      onOk: async () => {
        try {
          const answer = await stop.mutateAsync(charge.id);
          if (answer.success) void message.success(t('stop.sent'));
          else failed(answer.outcome_name);
        } catch (error) {
          // 409: a stop of this charge (another manager's, or a click before) is already under way.
          if (error instanceof ApiError && error.status === 409) void message.info(error.firstMessage());
          else failed();
        }
      },
    });

  const icon = <StopOutlined aria-hidden />;
  if (!compact) {
    return (
      <Button danger icon={icon} onClick={() => void ask()}>
        {t('stop.action')}
      </Button>
    );
  }
  return (
    <Tooltip title={t('stop.action')}>
      <Button
        danger
        size="small"
        icon={icon}
        aria-label={t('stop.action_of', { id: charge.id })}
        onClick={() => void ask()}
      />
    </Tooltip>
  );
}
