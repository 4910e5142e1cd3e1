import { EditOutlined, ReloadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Flex,
  Form,
  Input,
  Modal,
  Space,
  Table,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changeConfigurationRequest, type ConfigurationEntry } from '@evcms/contracts/ocpp-commands';
import { errorText } from '../../lib/api-error.ts';
import { applyServerErrors, zodRule } from '../../lib/form-rules.ts';
import { useResourceMutation } from '../../lib/resource-api.ts';
import { useCommandFeedback } from './station-command-dialogs.tsx';
import { stationCommandsApi } from './station-commands-api.ts';

/**
 * The station's configuration keys as it answers GetConfiguration, each with its value; a key
 * that is not read-only is edited in its row (ChangeConfiguration), and the list is asked again
 * once the station took the change.
 */
export function StationConfigurationModal({ stationId, onClose }: { stationId: number; onClose: () => void }) {
  const { t } = useTranslation('stations');
  const queryClient = useQueryClient();
  const query = useQuery(stationCommandsApi.configurationQueryOptions(queryClient, stationId));
  const [editing, setEditing] = useState<string | null>(null);
  const answer = query.data;

  const columns: TableColumnsType<ConfigurationEntry> = [
    {
      key: 'key',
      title: t('commands.configuration.key'),
      dataIndex: 'key',
      width: 240,
      render: (key: string) => <Typography.Text code>{key}</Typography.Text>,
    },
    {
      key: 'value',
      title: t('commands.configuration.value'),
      render: (_, entry) =>
        editing === entry.key ? (
          <ValueEditor
            stationId={stationId}
            entry={entry}
            onDone={(changed) => {
              setEditing(null);
              if (changed) void query.refetch();
            }}
          />
        ) : (
          <Flex align="center" gap="small" justify="space-between">
            <Typography.Text style={{ wordBreak: 'break-all' }}>{entry.value ?? '—'}</Typography.Text>
            {entry.readonly ? (
              <Tag>{t('commands.configuration.readonly')}</Tag>
            ) : (
              <Button
                size="small"
                aria-label={t('commands.configuration.edit', { key: entry.key })}
                icon={<EditOutlined aria-hidden />}
                disabled={editing !== null}
                onClick={() => setEditing(entry.key)}
              />
            )}
          </Flex>
        ),
    },
  ];

  return (
    <Modal
      open
      width={760}
      title={t('commands.configuration.title')}
      onCancel={onClose}
      footer={
        <Space>
          <Button icon={<ReloadOutlined aria-hidden />} loading={query.isFetching} onClick={() => void query.refetch()}>
            {t('commands.configuration.reload')}
          </Button>
          <Button type="primary" onClick={onClose}>
            {t('commands.close')}
          </Button>
        </Space>
      }
    >
      <Flex vertical gap="middle">
        {query.isError && (
          <Alert
            type="error"
            showIcon
            title={t('commands.failed')}
            description={errorText(query.error, t('commands.failed'))}
          />
        )}
        {answer && !answer.success && (
          <Alert type="error" showIcon title={t('commands.failed')} description={answer.outcome_name} />
        )}
        {answer?.success && answer.unknown_keys.length > 0 && (
          <Alert
            type="warning"
            showIcon
            title={t('commands.configuration.unknown', { keys: answer.unknown_keys.join(', ') })}
          />
        )}
        <Table<ConfigurationEntry>
          data-testid="station-configuration"
          rowKey="key"
          size="small"
          loading={query.isFetching}
          columns={columns}
          dataSource={answer?.configuration}
          pagination={false}
          scroll={{ x: 480, y: 420 }}
          locale={{ emptyText: query.isFetching ? ' ' : t('commands.configuration.empty') }}
        />
      </Flex>
    </Modal>
  );
}

/** One key's new value: Enter (or Save) sends it, Escape (or Cancel) leaves it as it was. */
function ValueEditor({
  stationId,
  entry,
  onDone,
}: {
  stationId: number;
  entry: ConfigurationEntry;
  onDone: (changed: boolean) => void;
}) {
  const { t } = useTranslation('stations');
  const { notification } = App.useApp();
  const [form] = Form.useForm<{ value: string }>();
  const [mutation] = useState(() => stationCommandsApi.command(stationId, 'change-configuration'));
  const change = useResourceMutation(mutation);
  const feedback = useCommandFeedback();

  const save = ({ value }: { value: string }) =>
    change.mutate(
      { key: entry.key, value: value ?? '' },
      {
        onSuccess: (answer) => {
          feedback(answer);
          onDone(answer.success);
        },
        onError: (error) =>
          notification.error({ title: t('commands.failed'), description: applyServerErrors(form, error) }),
      },
    );

  return (
    <Form
      form={form}
      layout="inline"
      initialValues={{ value: entry.value ?? '' }}
      onFinish={save}
      style={{ rowGap: 8 }}
    >
      <Form.Item
        name="value"
        rules={[zodRule(changeConfigurationRequest.shape.value)]}
        style={{ flex: '1 1 160px', marginInlineEnd: 8 }}
      >
        <Input
          autoFocus
          aria-label={t('commands.configuration.new_value', { key: entry.key })}
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              // The row's editor, not the whole dialog.
              event.stopPropagation();
              onDone(false);
            }
          }}
        />
      </Form.Item>
      <Space>
        <Button type="primary" htmlType="submit" size="small" loading={change.isPending}>
          {t('commands.configuration.save')}
        </Button>
        <Button size="small" onClick={() => onDone(false)}>
          {t('commands.cancel')}
        </Button>
      </Space>
    </Form>
  );
}
