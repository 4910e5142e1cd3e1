import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { Card, Flex, Tag, theme, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OcppMessage } from '@evcms/contracts/ocpp-messages';
import { pagedQueryProps } from '../../components/paged-table/paged-query-props.ts';
import { PagedTable } from '../../components/paged-table/paged-table.tsx';
import { useListScreen } from '../../components/list-screen/use-list-screen.ts';
import { formatDateTimeSeconds } from '../../lib/dates.ts';
import { stationsApi } from './stations-api.ts';

/*
 * The station card's "OCPP messages": the frames between the charge point and the central system,
 * newest first, kept for the configured number of days. A row's payload reads as one line of JSON;
 * expanded, it is laid out in full. The live updates refetch the log when the station changes.
 */

const KIND_COLORS: Record<OcppMessage['kind'], string> = { call: 'blue', result: 'green', error: 'red' };

/** A payload as one line; an absent one (a CALLERROR's details may be empty) as nothing. */
const compactJson = (payload: unknown) => (payload === undefined ? '' : JSON.stringify(payload));

function Direction({ direction }: { direction: OcppMessage['direction'] }) {
  const { t } = useTranslation('stations');
  const { token } = theme.useToken();
  const Arrow = direction === 'in' ? ArrowDownOutlined : ArrowUpOutlined;
  return (
    <Flex gap={6} align="center" style={{ whiteSpace: 'nowrap' }} data-direction={direction}>
      <Arrow aria-hidden style={{ color: direction === 'in' ? token.colorPrimary : token.colorSuccess }} />
      {t(`ocpp.messages.directions.${direction}`)}
    </Flex>
  );
}

export function StationMessageLog({ stationId }: { stationId: number }) {
  const { t } = useTranslation('stations');
  // Under its own prefix in the URL, beside the command log's.
  const { list, query } = useListScreen({
    query: ({ page, size }) => stationsApi.messagesQueryOptions(stationId, { page, size }),
    prefix: 'messages.',
    search: false,
  });

  const columns: TableColumnsType<OcppMessage> = [
    {
      key: 'at',
      title: t('ocpp.messages.time'),
      width: 170,
      render: (_, message) => formatDateTimeSeconds(message.at),
    },
    {
      key: 'direction',
      title: t('ocpp.messages.direction'),
      width: 150,
      render: (_, message) => <Direction direction={message.direction} />,
    },
    {
      key: 'kind',
      title: t('ocpp.messages.kind'),
      width: 100,
      render: (_, message) => <Tag color={KIND_COLORS[message.kind]}>{t(`ocpp.messages.kinds.${message.kind}`)}</Tag>,
    },
    {
      key: 'action',
      title: t('ocpp.messages.action'),
      width: 190,
      render: (_, message) =>
        message.action ? (
          <span translate="no">{message.action}</span>
        ) : (
          <Typography.Text type="secondary">{t('detail.none')}</Typography.Text>
        ),
    },
    {
      key: 'payload',
      title: t('ocpp.messages.payload'),
      width: 340,
      ellipsis: true,
      render: (_, message) => (
        // Raw OCPP, as the station sent it: not the manager's language, and marked so for translators and checks.
        <span translate="no">
          <Typography.Text code style={{ fontSize: 12 }}>
            {compactJson(message.payload)}
          </Typography.Text>
        </span>
      ),
    },
  ];

  return (
    <Card title={t('ocpp.messages.title')} data-testid="station-message-log">
      <PagedTable<OcppMessage>
        {...pagedQueryProps(query, list)}
        rowKey="id"
        size="small"
        columns={columns}
        minWidth={1000}
        expandable={{
          expandedRowRender: (message) => (
            <pre
              translate="no"
              data-testid="message-payload"
              style={{ margin: 0, fontSize: 12, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
            >
              {JSON.stringify(message.payload, null, 2)}
            </pre>
          ),
        }}
        locale={{ emptyText: t('ocpp.messages.empty') }}
      />
    </Card>
  );
}
