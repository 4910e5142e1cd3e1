import { PoweroffOutlined } from '@ant-design/icons';
import { App, Button, Flex, Modal, Radio, Tooltip, Typography, type RadioRef } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RESET_TYPES, type ResetType } from '@evcms/contracts/ocpp-commands';
import { OCPP_RESET_TYPES, ocppName } from '@evcms/contracts/ocpp-names';
import { useLang } from '../../lib/i18n.ts';
import { useResourceMutation } from '../../lib/resource-api.ts';
import { stationCommandsApi } from './station-commands-api.ts';
import { focusOnceOpen } from '../../components/dialog-focus/focus-once-open.ts';

export interface StationResetProps {
  station: { id: number; name: string; identity: string };
  /** An icon button, for a table row; a labelled button otherwise. */
  compact?: boolean;
}

/**
 * The station's restart (spec 2.9, 4 'Station reset'): a confirmation naming the station, where the
 * manager picks a soft or a hard reset, then OCPP Reset and the specification's outcome messages.
 * The answer can take up to the command time-out; the dialog may be closed meanwhile, and the
 * outcome still shows when it comes.
 */
export function StationResetButton({ station, compact = false }: StationResetProps) {
  const { t } = useTranslation('stations');
  const lang = useLang();
  const { message, notification } = App.useApp();
  const [open, setOpen] = useState(false);
  const [type, setType] = useState<ResetType>('Soft');
  const reset = useResourceMutation(stationCommandsApi.reset);
  const chosen = useRef<RadioRef>(null);
  const typeName = ocppName(OCPP_RESET_TYPES, type, lang);

  const send = () =>
    reset.mutate(
      { identity: station.identity, stationId: station.id, type },
      {
        onSuccess: (answer) => {
          setOpen(false);
          if (answer.success) void message.success(t('commands.reset.done', { type: typeName }));
          else notification.error({ title: t('commands.reset.failed'), description: answer.outcome_name });
        },
        onError: () => notification.error({ title: t('commands.reset.failed') }),
      },
    );

  const label = t('commands.reset.action');
  return (
    <>
      {compact ? (
        <Tooltip title={label}>
          <Button aria-label={label} icon={<PoweroffOutlined aria-hidden />} onClick={() => setOpen(true)} />
        </Tooltip>
      ) : (
        <Button icon={<PoweroffOutlined aria-hidden />} onClick={() => setOpen(true)}>
          {label}
        </Button>
      )}
      <Modal
        open={open}
        title={t('commands.reset.title', { name: station.name })}
        okText={t('commands.reset.ok')}
        cancelText={t('commands.cancel')}
        okButtonProps={{ danger: type === 'Hard', loading: reset.isPending }}
        onOk={send}
        onCancel={() => setOpen(false)}
        // The dialog takes the focus as it opens; it goes on to the chosen type, so the arrows switch it and Tab reaches Restart.
        afterOpenChange={(open) => focusOnceOpen(open, () => chosen.current?.focus())}
        destroyOnHidden
      >
        <Radio.Group
          value={type}
          onChange={(event) => setType(event.target.value as ResetType)}
          aria-label={t('commands.reset.type')}
        >
          <Flex vertical gap="small">
            {RESET_TYPES.map((value) => (
              <Radio key={value} value={value} ref={value === type ? chosen : undefined}>
                <Typography.Text strong>{t(`commands.reset.types.${value}`)}</Typography.Text>
                <br />
                <Typography.Text type="secondary">{t(`commands.reset.hints.${value}`)}</Typography.Text>
              </Radio>
            ))}
          </Flex>
        </Radio.Group>
      </Modal>
    </>
  );
}
