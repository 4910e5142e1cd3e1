import { App, Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Status } from '@evcms/contracts/status';
import { formatMessage } from '@evcms/contracts/messages';
import { errorText } from '../../lib/api-error.ts';
import { currentLang } from '../../lib/i18n.ts';
import { useConfirm } from '../confirm-modal.ts';
import { bulkStatusAction } from './bulk-status.ts';

export interface BulkStatusButtonProps {
  /** The selected rows (only their `active` flag is read); nothing is rendered when empty. */
  selected: readonly { active: boolean }[];
  /**
   * Sends the new status for the selection (`PATCH .../statuses/`) and, on success, clears the
   * selection. A rejection is shown as an error notification with its message.
   */
  onChange: (status: Status) => Promise<unknown>;
}

/**
 * The one bulk button of a list with statuses: 'Deactivate' when every selected row is active,
 * 'Activate' when every one is inactive, disabled for a mixed selection; it asks before acting.
 */
export function BulkStatusButton({ selected, onChange }: BulkStatusButtonProps) {
  const { t } = useTranslation('components');
  const { message, notification } = App.useApp();
  const { confirm } = useConfirm();
  const action = bulkStatusAction(selected);
  if (!action) return null;

  const run = () =>
    confirm({
      title: t(`bulk.confirm_${action.label}`),
      content: t('bulk.selected', { count: selected.length }),
      // Failures close the dialog too: the notification says what went wrong, the list stays as it was.
      onOk: async () => {
        try {
          await onChange(action.status);
          void message.success(t('bulk.done'));
        } catch (error) {
          notification.error({ title: errorText(error, formatMessage(currentLang(), 'server_error')) });
        }
      },
    });

  const button = (
    <Button data-testid="bulk-status" disabled={action.disabled} onClick={() => void run()}>
      {t(`bulk.${action.label}`)}
    </Button>
  );
  return action.disabled ? <Tooltip title={t('bulk.mixed')}>{button}</Tooltip> : button;
}
