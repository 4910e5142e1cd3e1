import {
  ApiOutlined,
  PlayCircleOutlined,
  SendOutlined,
  SettingOutlined,
  StopOutlined,
  UnlockOutlined,
} from '@ant-design/icons';
import { Button, Card, Flex, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { OcppCommandEntry } from '@evcms/contracts/ocpp-commands';
import { OCPP_COMMAND_ACTIONS, ocppName } from '@evcms/contracts/ocpp-names';
import type { Station } from '@evcms/contracts/stations';
import { pagedQueryProps } from '../../components/paged-table/paged-query-props.ts';
import { PagedTable } from '../../components/paged-table/paged-table.tsx';
import { useListScreen } from '../../components/list-screen/use-list-screen.ts';
import { formatDateTime } from '../../lib/dates.ts';
import { useLang } from '../../lib/i18n.ts';
import { commandParamsText, commandStatusName, rawParamsText } from './ocpp-command-text.ts';
import { ChangeAvailabilityDialog, TriggerMessageDialog, UnlockConnectorDialog } from './station-command-dialogs.tsx';
import { stationCommandsApi } from './station-commands-api.ts';
import { StationConfigurationModal } from './station-configuration-modal.tsx';
import { RemoteStartDialog } from './station-remote-start.tsx';

/*
 * The station card's "OCPP commands": start a charge for a driver, unlock a connector, change
 * availability, trigger a message, read and change the configuration (the restart sits by the card's title), and the audit of every
 * command sent to the station with who sent it and how it ended.
 */

type Dialog = 'remote_start' | 'unlock' | 'availability' | 'trigger' | 'configuration';

const OUTCOME_COLORS: Record<NonNullable<OcppCommandEntry['outcome']>, string> = {
  accepted: 'success',
  rejected: 'warning',
  offline: 'default',
  timeout: 'error',
  error: 'error',
};

export function StationOcppCommands({ station }: { station: Station }) {
  const { t } = useTranslation('stations');
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const close = () => setDialog(null);
  const buttons: { key: Dialog; icon: ReactNode }[] = [
    { key: 'remote_start', icon: <PlayCircleOutlined aria-hidden /> },
    { key: 'unlock', icon: <UnlockOutlined aria-hidden /> },
    { key: 'availability', icon: <StopOutlined aria-hidden /> },
    { key: 'trigger', icon: <SendOutlined aria-hidden /> },
    { key: 'configuration', icon: <SettingOutlined aria-hidden /> },
  ];

  return (
    <Card title={t('commands.title')} data-testid="station-ocpp-commands">
      <Flex vertical gap="middle">
        <Flex wrap gap="small">
          {buttons.map(({ key, icon }) => (
            <Button
              key={key}
              icon={icon}
              onClick={() => setDialog(key)}
              disabled={(key === 'unlock' || key === 'remote_start') && station.connectors.length === 0}
            >
              {t(`commands.open.${key}`)}
            </Button>
          ))}
        </Flex>
        <Typography.Title level={5} style={{ margin: 0 }}>
          <ApiOutlined aria-hidden /> {t('commands.log.title')}
        </Typography.Title>
        <StationCommandLog stationId={station.id} />
      </Flex>
      {dialog === 'remote_start' && <RemoteStartDialog station={station} onClose={close} />}
      {dialog === 'unlock' && <UnlockConnectorDialog station={station} onClose={close} />}
      {dialog === 'availability' && <ChangeAvailabilityDialog station={station} onClose={close} />}
      {dialog === 'trigger' && <TriggerMessageDialog station={station} onClose={close} />}
      {dialog === 'configuration' && <StationConfigurationModal stationId={station.id} onClose={close} />}
    </Card>
  );
}

function StationCommandLog({ stationId }: { stationId: number }) {
  const { t } = useTranslation('stations');
  const lang = useLang();
  // Under its own prefix in the URL, so a reload keeps the page and nothing else of the card's address is touched.
  const { list, query } = useListScreen({
    query: ({ page, size }) => stationCommandsApi.auditQueryOptions(stationId, { page, size }),
    prefix: 'commands.',
    search: false,
  });

  const columns: TableColumnsType<OcppCommandEntry> = [
    {
      key: 'requested_at',
      title: t('commands.log.time'),
      width: 150,
      render: (_, entry) => formatDateTime(entry.requested_at),
    },
    {
      key: 'action',
      title: t('commands.log.command'),
      width: 260,
      // Named in the manager's language; the request as OCPP sent it in the tooltip (and in the message log).
      render: (_, entry) => (
        <Tooltip title={`${entry.action} ${rawParamsText(entry.params)}`}>
          <Flex vertical>
            <Typography.Text strong>{ocppName(OCPP_COMMAND_ACTIONS, entry.action, lang)}</Typography.Text>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {commandParamsText(entry.action, entry.params, lang)}
            </Typography.Text>
          </Flex>
        </Tooltip>
      ),
    },
    {
      key: 'outcome',
      title: t('commands.log.outcome'),
      width: 220,
      render: (_, entry) => {
        const status = typeof entry.response?.status === 'string' ? entry.response.status : null;
        return entry.outcome ? (
          <Flex vertical align="flex-start" gap={2}>
            <Tag color={OUTCOME_COLORS[entry.outcome]}>{entry.outcome_name}</Tag>
            {status && (
              <Tooltip title={status}>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {commandStatusName(status, lang)}
                </Typography.Text>
              </Tooltip>
            )}
          </Flex>
        ) : (
          <Tag color="processing">{t('commands.log.waiting')}</Tag>
        );
      },
    },
    {
      key: 'manager',
      title: t('commands.log.manager'),
      width: 180,
      render: (_, entry) =>
        entry.manager_name ?? <Typography.Text type="secondary">{t('commands.log.system')}</Typography.Text>,
    },
  ];

  return (
    <PagedTable<OcppCommandEntry>
      {...pagedQueryProps(query, list)}
      data-testid="station-command-log"
      rowKey="id"
      size="small"
      columns={columns}
      minWidth={810}
      locale={{ emptyText: t('commands.log.empty') }}
    />
  );
}
