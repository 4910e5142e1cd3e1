import { Flex, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { DriverListItem } from '@evcms/contracts/drivers';
import { EllipsisText } from '../../components/ellipsis-text.tsx';
import { ExportButton } from '../../components/export-button/export-button.tsx';
import { CreateButton } from '../../components/list-screen/create-button.tsx';
import { ListCard } from '../../components/list-screen/list-card.tsx';
import { useListScreen } from '../../components/list-screen/use-list-screen.ts';
import { pagedQueryProps } from '../../components/paged-table/paged-query-props.ts';
import { PagedTable } from '../../components/paged-table/paged-table.tsx';
import { rowOpens } from '../../components/paged-table/row-opens.ts';
import { formatDateTime } from '../../lib/dates.ts';
import { useLang } from '../../lib/i18n.ts';
import { formatPhone } from '../../lib/phone-mask.ts';
import { DriverBlockedTag, Money, PlatformName } from './driver-values.tsx';
import { DRIVER_FILTERS, driverFiltersToSend } from './driver-filters.ts';
import { DriverListFilters } from './driver-list-filters.tsx';
import { driverPaths } from './driver-route.tsx';
import { driversApi } from './drivers-api.ts';

const fullName = (driver: Pick<DriverListItem, 'surname' | 'first_name'>) => `${driver.surname} ${driver.first_name}`;

// The fixed columns take about 860 px and the name what is left, at least 140 px: a 1366 px
// laptop sees every column, a narrower card (a phone, a tablet) scrolls the table sideways
// inside it. Email and app version, found on the driver's page, join on wide screens.
const MIN_TABLE_WIDTH = 1000;

/**
 * Drivers (spec 2.3 /users): the app's users and the card customers a manager registered, newest
 * first, with the search and filters of spec 3 kept in the URL. Drivers have no status: a blocked
 * driver is marked, and blocked on the driver's page.
 */
export function DriverList() {
  const { t } = useTranslation('drivers');
  const lang = useLang();
  const navigate = useNavigate();
  const { list, shown, sent, query, filtered } = useListScreen({
    query: driversApi.listQueryOptions,
    filters: DRIVER_FILTERS,
    send: driverFiltersToSend,
  });

  const columns: TableColumnsType<DriverListItem> = [
    { key: 'id', title: t('fields.id'), dataIndex: 'id', width: 64 },
    { key: 'account', title: t('fields.account'), dataIndex: 'account', width: 110 },
    {
      key: 'name',
      title: t('fields.name'),
      // A real link: Tab reaches it, and a middle click opens the driver in a new tab.
      render: (_, driver) => <EllipsisText text={fullName(driver)} to={driverPaths.detail(driver.id)} />,
    },
    {
      key: 'phone',
      title: t('fields.phone'),
      dataIndex: 'phone',
      width: 168,
      render: (phone: string) => formatPhone(phone),
    },
    {
      key: 'email',
      title: t('fields.email'),
      dataIndex: 'email',
      width: 200,
      responsive: ['xxl'],
      render: (email: string | null) => <EllipsisText text={email ?? ''} />,
    },
    {
      key: 'balance',
      title: t('fields.balance'),
      dataIndex: 'balance',
      width: 130,
      align: 'right',
      render: (balance: number) => <Money value={balance} lang={lang} />,
    },
    {
      key: 'platform',
      title: t('fields.platform'),
      width: 120,
      render: (_, driver) => <PlatformName platform={driver.platform} />,
    },
    { key: 'app_version', title: t('fields.app_version'), dataIndex: 'app_version', width: 110, responsive: ['xxl'] },
    {
      key: 'blocked',
      title: t('fields.state'),
      width: 120,
      render: (_, driver) => <DriverBlockedTag blocked={driver.blocked} />,
    },
    {
      key: 'registered_at',
      title: t('fields.registered_at'),
      dataIndex: 'registered_at',
      width: 150,
      render: (value: string) => formatDateTime(value),
    },
  ];

  return (
    <ListCard>
      <DriverListFilters
        list={list}
        shown={shown}
        filtered={filtered}
        actions={
          <Flex gap="small" wrap>
            <ExportButton
              path="/users/export/"
              query={{ ...(list.search && { search: list.search }), ...sent }}
              fileName="users"
            />
            <CreateButton to={driverPaths.create}>{t('list.create')}</CreateButton>
          </Flex>
        }
      />
      <PagedTable<DriverListItem>
        rowKey="id"
        columns={columns}
        minWidth={MIN_TABLE_WIDTH}
        {...pagedQueryProps(query, list)}
        // Spec 8: the drivers' own words for an empty search result.
        locale={{ emptyText: t(filtered ? 'list.nothing_found' : 'list.empty') }}
        onRow={rowOpens((driver) => void navigate(driverPaths.detail(driver.id)))}
      />
    </ListCard>
  );
}
