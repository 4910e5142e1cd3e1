import { Flex, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { StationListItem } from '@evcms/contracts/stations';
import { isActive } from '@evcms/contracts/status';
import { asCatalogItems } from '../../components/catalog-picker/catalog-items.ts';
import { CatalogItemsPreview } from '../../components/catalog-picker/catalog-items-preview.tsx';
import { EllipsisText } from '../../components/ellipsis-text.tsx';
import { CreateButton } from '../../components/list-screen/create-button.tsx';
import { ListScreenTable } from '../../components/list-screen/list-screen-table.tsx';
import { ListToolbar } from '../../components/list-screen/list-toolbar.tsx';
import { editDeleteColumn } from '../../components/list-screen/row-buttons.tsx';
import { useListScreen } from '../../components/list-screen/use-list-screen.ts';
import { listDeleteTexts, useRowActions } from '../../components/list-screen/use-row-actions.ts';
import { rowOpens } from '../../components/paged-table/row-opens.ts';
import { ScheduleSummary } from '../../components/schedule-dialog/schedule-summary.tsx';
import { useLang } from '../../lib/i18n.ts';
import { formatPower } from '../../lib/number-format.ts';
import { ConnectorStatusTag } from './connector-status.tsx';
import { StationResetButton } from './station-reset.tsx';
import { stationPaths } from './station-route.tsx';
import { StationOnlineBadge, StationStatusBadge } from './station-status.tsx';
import { stationsApi } from './stations-api.ts';

const rowIsActive = (row: StationListItem) => isActive(row.status);

// Eight columns of content: narrower than this, the table scrolls sideways inside its card.
const MIN_TABLE_WIDTH = 1316;

/**
 * Each connector's last reported OCPP status, then its type and power. The status leads: it is
 * what changes, and it stays in view where a narrow cell cuts or wraps the rest.
 */
function ConnectorsCell({ connectors }: { connectors: StationListItem['connectors'] }) {
  const lang = useLang();
  const { t } = useTranslation('stations');
  return (
    <Flex vertical gap={4}>
      {connectors.map((connector) => (
        <Flex key={connector.id} wrap align="center" gap={6} data-testid="list-connector">
          <ConnectorStatusTag status={connector.ocpp_status} />
          <Typography.Text style={{ whiteSpace: 'nowrap' }}>
            {t('list.connector', { type: connector.typo_name, power: formatPower(connector.power_kWh, lang) })}
          </Typography.Text>
        </Flex>
      ))}
    </Flex>
  );
}

/**
 * The stations of one merchant, on its page (spec 2.9): search, status filter, a paged table whose
 * rows open the station card, edit and delete (refused while active), and bulk activate /
 * deactivate of the selected rows.
 */
export function MerchantStationList({ merchantId }: { merchantId: number }) {
  const { t } = useTranslation('stations');
  const navigate = useNavigate();
  const screen = useListScreen<StationListItem>({
    query: (params) => stationsApi.listQueryOptions({ ...params, merchant: merchantId }),
    statuses: { isActive: rowIsActive, setStatuses: stationsApi.setStatuses },
  });
  const actions = useRowActions(screen, stationsApi.remove);
  const cardPath = (id: number) => stationPaths.card(merchantId, id);

  // A 409 (it was activated meanwhile) carries the server's explanation.
  const confirmDelete = (station: StationListItem) =>
    actions.remove(
      station,
      listDeleteTexts(t, station.name),
      // Spec 7: after a delete the merchant's list starts again at page 1.
      () => screen.list.setPage(1),
    );

  const columns: TableColumnsType<StationListItem> = [
    { key: 'id', title: t('fields.id'), dataIndex: 'id', width: 72 },
    {
      key: 'name',
      title: t('fields.name'),
      dataIndex: 'name',
      width: 180,
      // A real link: Tab reaches it, and a middle click opens the card in a new tab. Under it,
      // whether the charge point is connected: in the column a phone shows without scrolling.
      render: (name: string, row) => (
        <Flex vertical gap={2}>
          <EllipsisText text={name} to={cardPath(row.id)} />
          <StationOnlineBadge online={row.online} />
        </Flex>
      ),
    },
    {
      key: 'location',
      title: t('fields.location'),
      dataIndex: 'location',
      width: 180,
      render: (text: string) => <EllipsisText text={text} />,
    },
    {
      key: 'schedule',
      title: t('fields.schedule'),
      width: 190,
      render: (_, row) => <ScheduleSummary entries={row.schedule} />,
    },
    {
      key: 'status',
      title: t('fields.status'),
      width: 120,
      render: (_, row) => <StationStatusBadge status={row.status} isNew={row.is_new} />,
    },
    {
      key: 'connectors',
      title: t('fields.connectors'),
      width: 280,
      render: (_, row) => <ConnectorsCell connectors={row.connectors} />,
    },
    {
      key: 'tags',
      title: t('fields.tags'),
      width: 150,
      render: (_, row) => <CatalogItemsPreview items={asCatalogItems(row.tags)} />,
    },
    {
      key: 'environment',
      title: t('fields.environment'),
      width: 170,
      render: (_, row) => <CatalogItemsPreview items={asCatalogItems(row.surroundings)} />,
    },
    {
      ...editDeleteColumn({
        t,
        width: 156,
        before: (row) => <StationResetButton station={row} compact />,
        edit: (row) => void navigate(stationPaths.edit(merchantId, row.id)),
        remove: (row) => void confirmDelete(row),
        deleteRefusal: (row) => rowIsActive(row) && t('list.delete_active'),
      }),
      fixed: 'right',
    },
  ];

  return (
    <Flex vertical gap="middle">
      <ListToolbar
        screen={screen}
        searchLabel={t('list.search')}
        actions={<CreateButton to={stationPaths.create(merchantId)}>{t('list.create')}</CreateButton>}
      />
      <ListScreenTable<StationListItem>
        screen={screen}
        columns={columns}
        minWidth={MIN_TABLE_WIDTH}
        // A merchant without stations.
        emptyText={t('list.empty')}
        onRow={rowOpens((row) => void navigate(cardPath(row.id)))}
      />
    </Flex>
  );
}
