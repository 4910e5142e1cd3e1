import { InfoCircleOutlined } from '@ant-design/icons';
import { Flex, Tooltip, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { MerchantListItem } from '@evcms/contracts/merchants';
import { isActive, type Status } from '@evcms/contracts/status';
import { EllipsisText } from '../../components/ellipsis-text.tsx';
import { CreateButton } from '../../components/list-screen/create-button.tsx';
import { ListCard } from '../../components/list-screen/list-card.tsx';
import { ListScreenTable } from '../../components/list-screen/list-screen-table.tsx';
import { ListToolbar } from '../../components/list-screen/list-toolbar.tsx';
import { useListScreen } from '../../components/list-screen/use-list-screen.ts';
import { rowOpens } from '../../components/paged-table/row-opens.ts';
import { formatDateTime } from '../../lib/dates.ts';
import { formatPhone } from '../../lib/phone-mask.ts';
import { merchantsApi } from './merchants-api.ts';
import { MerchantStatusTag } from './merchant-status.tsx';

const rowIsActive = (row: MerchantListItem) => isActive(row.status);
const merchantPath = (id: number) => `/merchants/merchant/${id}`;

// The fixed columns take about 800 px and the name what is left, at least 150 px; a card narrower
// than this (a phone, a tablet) scrolls the table sideways. Legal name and agreement number (both
// on the detail page and found by the search) join on wider screens, so that a 1366 px laptop
// sees the rest without scrolling.
const MIN_TABLE_WIDTH = 960;

/** Merchants: search, status filter, paged table, bulk activate / deactivate of the selected rows. */
export function MerchantList() {
  const { t } = useTranslation('merchants');
  const navigate = useNavigate();
  const screen = useListScreen<MerchantListItem>({
    query: merchantsApi.listQueryOptions,
    statuses: { isActive: rowIsActive, setStatuses: merchantsApi.setStatuses },
  });

  // Status sits next to the name so that what a bulk change changes is in view on a laptop screen.
  const columns: TableColumnsType<MerchantListItem> = [
    { title: t('fields.id'), dataIndex: 'id', width: 64 },
    {
      title: t('fields.name'),
      dataIndex: 'name',
      // The name is a real link: Tab reaches it, and a middle click opens the merchant in a new tab.
      render: (name: string, row) => <EllipsisText text={name} to={merchantPath(row.id)} />,
    },
    {
      title: t('fields.status'),
      dataIndex: 'status',
      width: 112,
      render: (status: Status) => <MerchantStatusTag status={status} />,
    },
    {
      title: t('fields.legal_name'),
      dataIndex: 'legal_name',
      width: 220,
      responsive: ['xxxl'],
      render: (text: string) => <EllipsisText text={text} />,
    },
    {
      title: t('fields.agreement_number'),
      dataIndex: 'agreement_number',
      width: 150,
      responsive: ['xxl'],
      render: (text: string) => <EllipsisText text={text} />,
    },
    {
      title: t('fields.city'),
      dataIndex: 'city_name',
      width: 120,
      render: (text: string) => <EllipsisText text={text} />,
    },
    { title: t('fields.phone'), dataIndex: 'phone', width: 168, render: (phone: string) => formatPhone(phone) },
    {
      title: (
        <Flex align="center" gap={6} style={{ whiteSpace: 'nowrap' }}>
          {t('fields.stations')}
          <Tooltip title={t('fields.stations_counts')}>
            <InfoCircleOutlined tabIndex={0} aria-label={t('fields.stations_counts')} />
          </Tooltip>
        </Flex>
      ),
      key: 'stations',
      width: 140,
      render: (_, row) => `${row.stations_count} / ${row.active_stations} / ${row.inactive_stations}`,
    },
    {
      title: t('fields.created_at'),
      dataIndex: 'created_at',
      render: (value: string) => formatDateTime(value),
      // 'Дата создания' on one line also in DejaVu Sans, Debian's default font, which is wider than most.
      width: 172,
    },
  ];

  return (
    <ListCard>
      <ListToolbar
        screen={screen}
        searchLabel={t('list.search')}
        searchWidth={440}
        actions={<CreateButton to="/merchants/create-edit-merchant">{t('list.create')}</CreateButton>}
      />
      <ListScreenTable<MerchantListItem>
        screen={screen}
        columns={columns}
        minWidth={MIN_TABLE_WIDTH}
        onRow={rowOpens((row) => void navigate(merchantPath(row.id)))}
      />
    </ListCard>
  );
}
