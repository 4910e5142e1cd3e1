import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Form, Modal, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { idTag } from '@evcms/contracts/drivers';
import { formRefId } from '@evcms/contracts/form-values';
import { remoteStartRequest, type RemoteStartAnswer, type RemoteStartRequest } from '@evcms/contracts/ocpp-commands';
import type { Station } from '@evcms/contracts/stations';
import { SearchSelect } from '../../components/search-select/search-select.tsx';
import { applyServerErrors, zodRule } from '../../lib/form-rules.ts';
import { useResourceMutation } from '../../lib/resource-api.ts';
import { useConnectorOptions } from './station-command-dialogs.tsx';
import { stationCommandsApi } from './station-commands-api.ts';
import { focusOnceOpen } from '../../components/dialog-focus/focus-once-open.ts';

/*
 * "Start a charge" on the station card: RemoteStartTransaction for a driver on a connector. The
 * manager picks the connector (nothing chosen beforehand: a charge is not started on a guess),
 * finds the driver by name or phone, and, when the driver has several usable id tags, the tag.
 * The charge shows on the card and the charge list as soon as it is initiated (the live updates);
 * the dialog closes on the station's answer and says it in the interface language.
 */

interface Values {
  connector_id?: number;
  driver_id?: number;
  id_tag?: string;
}

const FORM_ID = 'ocpp-remote-start';

export function RemoteStartDialog({ station, onClose }: { station: Station; onClose: () => void }) {
  const { t } = useTranslation('stations');
  const { message, notification } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const connectors = useConnectorOptions(station.connectors, false);
  const driverId = Form.useWatch('driver_id', form);
  const tags = useQuery({
    ...stationCommandsApi.driverIdTagsQueryOptions(driverId ?? 0),
    enabled: driverId !== undefined,
  });
  const usable = (tags.data ?? []).filter((tag) => !tag.blocked);
  // One usable tag is the server's choice too; several are the manager's.
  const choosing = usable.length > 1;
  const noTag = driverId !== undefined && tags.isSuccess && usable.length === 0;
  const [mutation] = useState(() => stationCommandsApi.command(station.id, 'remote-start'));
  const send = useResourceMutation(mutation);

  const said = (answer: RemoteStartAnswer) => {
    if (answer.success) void message.success(t('commands.remote_start.started', { id: answer.charge_id }));
    else notification.error({ title: t('commands.remote_start.failed'), description: answer.outcome_name });
  };

  const submit = (values: Values) => {
    const body = {
      connector_id: values.connector_id,
      driver_id: values.driver_id,
      ...(choosing && { id_tag: values.id_tag }),
    } as RemoteStartRequest;
    send.mutate(body, {
      onSuccess: (answer) => {
        said(answer);
        // The connector's charge on the card; the charge list hears of it from the live updates.
        void queryClient.invalidateQueries({ queryKey: ['stations', 'detail', station.id] });
        onClose();
      },
      onError: (error) =>
        notification.error({ title: t('commands.remote_start.failed'), description: applyServerErrors(form, error) }),
    });
  };

  return (
    <Modal
      open
      title={t('commands.remote_start.title')}
      okText={t('commands.remote_start.ok')}
      cancelText={t('commands.cancel')}
      okButtonProps={{ loading: send.isPending, disabled: noTag, htmlType: 'submit', form: FORM_ID }}
      onCancel={onClose}
      afterOpenChange={(open) => focusOnceOpen(open, () => form.focusField('connector_id'))}
    >
      <Form<Values> form={form} id={FORM_ID} layout="vertical" onFinish={submit} requiredMark={false}>
        <Form.Item
          name="connector_id"
          label={t('commands.connector_label')}
          rules={[zodRule(remoteStartRequest.shape.connector_id)]}
        >
          <Select options={connectors} placeholder={t('commands.remote_start.connector_placeholder')} />
        </Form.Item>
        <Form.Item
          name="driver_id"
          label={t('commands.remote_start.driver')}
          rules={[zodRule(formRefId)]}
          extra={t('commands.remote_start.driver_hint')}
        >
          <SearchSelect
            options={stationCommandsApi.driverOptionsQueryOptions}
            placeholder={t('commands.remote_start.driver_placeholder')}
            notFound={t('commands.remote_start.driver_none')}
            clearLabel={t('commands.remote_start.clear', { field: t('commands.remote_start.driver') })}
            onChange={() => form.setFieldValue('id_tag', undefined)}
          />
        </Form.Item>
        {choosing && (
          <Form.Item name="id_tag" label={t('commands.remote_start.id_tag')} rules={[zodRule(idTag)]}>
            <Select
              options={usable.map((tag) => ({ value: tag.id_tag, label: tag.id_tag }))}
              placeholder={t('commands.remote_start.id_tag_placeholder')}
            />
          </Form.Item>
        )}
        {usable.length === 1 && (
          <Typography.Paragraph type="secondary" data-testid="remote-start-id-tag">
            {t('commands.remote_start.id_tag_only', { id_tag: usable[0]!.id_tag })}
          </Typography.Paragraph>
        )}
        {noTag && <Alert type="warning" showIcon title={t('commands.remote_start.no_id_tag')} />}
      </Form>
    </Modal>
  );
}
