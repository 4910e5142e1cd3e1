import { App, Form, Modal, Radio, Select, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AVAILABILITY_TYPES,
  changeAvailabilityRequest,
  TRIGGER_MESSAGES,
  triggerMessageRequest,
  unlockConnectorRequest,
  type StationCommandAnswer,
} from '@evcms/contracts/ocpp-commands';
import {
  capitalized,
  OCPP_AVAILABILITY_TYPES,
  OCPP_TRIGGER_MESSAGES,
  OCPP_WHOLE_STATION,
  ocppName,
} from '@evcms/contracts/ocpp-names';
import type { Station } from '@evcms/contracts/stations';
import { useConfirm, type ConfirmOptions } from '../../components/confirm-modal.ts';
import { applyServerErrors, zodRule } from '../../lib/form-rules.ts';
import { useLang } from '../../lib/i18n.ts';
import { useResourceMutation } from '../../lib/resource-api.ts';
import { commandStatusName } from './ocpp-command-text.ts';
import { stationCommandsApi, type CardCommand, type CardCommandRequest } from './station-commands-api.ts';
import { focusOnceOpen } from '../../components/dialog-focus/focus-once-open.ts';

/*
 * The station card's one-shot OCPP commands, each a small dialog: unlock a connector, change the
 * availability of the station or a connector, trigger a message. Each closes on the station's
 * answer and says it; a refusal of the form's values stays on its fields. A command that changes
 * the station preselects nothing, and one that can stop it serving (out of service, an unlock during
 * a charge) asks first, naming the charges running there.
 */

/** Says how a command ended: the station's word (in the manager's language) on success, the reason on failure. */
export function useCommandFeedback() {
  const { t } = useTranslation('stations');
  const lang = useLang();
  const { message, notification } = App.useApp();
  return (answer: StationCommandAnswer) => {
    const status = answer.status && commandStatusName(answer.status, lang);
    if (answer.success) void message.success(t('commands.accepted', { status: status ?? answer.outcome_name }));
    else
      notification.error({
        title: t('commands.failed'),
        description: status ? `${answer.outcome_name}: ${status}` : answer.outcome_name,
      });
  };
}

type Connectors = Station['connectors'];

/** The station's connectors by OCPP id, optionally after the station itself (connector 0). */
export function useConnectorOptions(connectors: Connectors, withStation: boolean) {
  const { t } = useTranslation('stations');
  const lang = useLang();
  const own = [...connectors]
    .sort((a, b) => a.ocpp_16_id - b.ocpp_16_id)
    .map((connector) => ({
      value: connector.ocpp_16_id,
      label: t('commands.connector', { id: connector.ocpp_16_id, type: connector.typo_name }),
    }));
  return withStation ? [{ value: 0, label: capitalized(OCPP_WHOLE_STATION[lang], lang) }, ...own] : own;
}

/** The charges in progress on a connector (by OCPP id), or on any of the station's for connector 0, as the live card knows them. */
export function runningCharges(connectors: Connectors, connectorId: number): { connector: number; charge: number }[] {
  return [...connectors]
    .sort((a, b) => a.ocpp_16_id - b.ocpp_16_id)
    .filter((connector) => connector.charge && (connectorId === 0 || connector.ocpp_16_id === connectorId))
    .map((connector) => ({ connector: connector.ocpp_16_id, charge: connector.charge!.id }));
}

/** One line per running charge, for a confirmation. */
function RunningCharges({ charges }: { charges: ReturnType<typeof runningCharges> }) {
  const { t } = useTranslation('stations');
  return charges.map(({ connector, charge }) => (
    <Typography.Paragraph key={connector} strong type="warning" data-testid="running-charge">
      {t('commands.running_charge', { charge, connector })}
    </Typography.Paragraph>
  ));
}

interface CommandDialogProps<C extends CardCommand> {
  stationId: number;
  command: C;
  title: string;
  okText: string;
  initialValues: Partial<CardCommandRequest<C>>;
  /** The field the dialog opens at. */
  first: keyof CardCommandRequest<C> & string;
  /** The question to ask before sending these values, or null to send at once. */
  confirmation?: (values: CardCommandRequest<C>) => ConfirmOptions | null;
  onClose: () => void;
  children: ReactNode;
}

function CommandDialog<C extends CardCommand>({
  stationId,
  command,
  title,
  okText,
  initialValues,
  first,
  confirmation,
  onClose,
  children,
}: CommandDialogProps<C>) {
  const { t } = useTranslation('stations');
  const { notification } = App.useApp();
  const { confirm } = useConfirm();
  const [form] = Form.useForm<CardCommandRequest<C>>();
  const [mutation] = useState(() => stationCommandsApi.command(stationId, command));
  const send = useResourceMutation(mutation);
  const feedback = useCommandFeedback();

  const submit = async (values: CardCommandRequest<C>) => {
    const question = confirmation?.(values);
    if (question && !(await confirm({ cancelText: t('commands.cancel'), danger: true, ...question }))) return;
    send.mutate(values, {
      onSuccess: (answer) => {
        feedback(answer);
        onClose();
      },
      onError: (error) => {
        const text = applyServerErrors(form, error);
        notification.error({ title: t('commands.failed'), description: text });
      },
    });
  };

  return (
    <Modal
      open
      title={title}
      okText={okText}
      cancelText={t('commands.cancel')}
      okButtonProps={{ loading: send.isPending, htmlType: 'submit', form: `ocpp-${command}` }}
      onCancel={onClose}
      afterOpenChange={(open) => focusOnceOpen(open, () => form.focusField(first as never))}
    >
      <Form<CardCommandRequest<C>>
        form={form}
        id={`ocpp-${command}`}
        layout="vertical"
        initialValues={initialValues}
        onFinish={submit}
        requiredMark={false}
      >
        {children}
      </Form>
    </Modal>
  );
}

export function UnlockConnectorDialog({ station, onClose }: { station: Station; onClose: () => void }) {
  const { t } = useTranslation('stations');
  const options = useConnectorOptions(station.connectors, false);
  return (
    <CommandDialog
      stationId={station.id}
      command="unlock-connector"
      title={t('commands.unlock.title')}
      okText={t('commands.unlock.ok')}
      initialValues={{}}
      first="connector_id"
      confirmation={({ connector_id }) => {
        const charges = runningCharges(station.connectors, connector_id);
        if (charges.length === 0) return null;
        return {
          title: t('commands.unlock.confirm', { id: connector_id }),
          content: (
            <>
              <RunningCharges charges={charges} />
              {t('commands.unlock.confirm_hint')}
            </>
          ),
          okText: t('commands.unlock.ok'),
        };
      }}
      onClose={onClose}
    >
      <Form.Item
        name="connector_id"
        label={t('commands.connector_label')}
        rules={[zodRule(unlockConnectorRequest.shape.connector_id)]}
      >
        <Select options={options} placeholder={t('commands.unlock.placeholder')} />
      </Form.Item>
    </CommandDialog>
  );
}

export function ChangeAvailabilityDialog({ station, onClose }: { station: Station; onClose: () => void }) {
  const { t } = useTranslation('stations');
  const lang = useLang();
  const options = useConnectorOptions(station.connectors, true);
  return (
    <CommandDialog
      stationId={station.id}
      command="change-availability"
      title={t('commands.availability.title')}
      okText={t('commands.send')}
      initialValues={{}}
      first="connector_id"
      confirmation={({ connector_id, type }) => {
        if (type !== 'Inoperative') return null;
        const charges = runningCharges(station.connectors, connector_id);
        return {
          title:
            connector_id === 0
              ? t('commands.availability.confirm_station', { name: station.name })
              : t('commands.availability.confirm_connector', { id: connector_id, name: station.name }),
          content: (
            <>
              <RunningCharges charges={charges} />
              {t(charges.length > 0 ? 'commands.availability.after_charges' : 'commands.availability.confirm_hint')}
            </>
          ),
          okText: t('commands.availability.confirm_ok'),
        };
      }}
      onClose={onClose}
    >
      <Form.Item
        name="connector_id"
        label={t('commands.target_label')}
        rules={[zodRule(changeAvailabilityRequest.shape.connector_id)]}
      >
        <Select options={options} placeholder={t('commands.availability.placeholder')} />
      </Form.Item>
      <Form.Item
        name="type"
        label={t('commands.availability.type')}
        rules={[zodRule(changeAvailabilityRequest.shape.type)]}
      >
        <Radio.Group
          options={AVAILABILITY_TYPES.map((value) => ({
            value,
            label: capitalized(ocppName(OCPP_AVAILABILITY_TYPES, value, lang), lang),
          }))}
        />
      </Form.Item>
    </CommandDialog>
  );
}

export function TriggerMessageDialog({ station, onClose }: { station: Station; onClose: () => void }) {
  const { t } = useTranslation('stations');
  const lang = useLang();
  const options = useConnectorOptions(station.connectors, false);
  return (
    <CommandDialog
      stationId={station.id}
      command="trigger-message"
      title={t('commands.trigger.title')}
      okText={t('commands.send')}
      initialValues={{ requested_message: 'StatusNotification' }}
      first="requested_message"
      onClose={onClose}
    >
      <Form.Item
        name="requested_message"
        label={t('commands.trigger.message')}
        rules={[zodRule(triggerMessageRequest.shape.requested_message)]}
      >
        <Select options={TRIGGER_MESSAGES.map((value) => ({ value, label: OCPP_TRIGGER_MESSAGES[value][lang] }))} />
      </Form.Item>
      <Form.Item name="connector_id" label={t('commands.connector_label')} extra={t('commands.trigger.connector_hint')}>
        <Select options={options} allowClear placeholder={capitalized(OCPP_WHOLE_STATION[lang], lang)} />
      </Form.Item>
    </CommandDialog>
  );
}
