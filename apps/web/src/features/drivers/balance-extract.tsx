import { useQuery } from '@tanstack/react-query';
import { Button, Card, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { ExportButton } from '../../components/export-button/export-button.tsx';
import { FilterTag } from '../../components/filter-tag.tsx';
import { useListParams } from '../../components/paged-table/use-list-params.ts';
import { DateRangeFilter } from '../../components/range-filters/range-filters.tsx';
import { SearchInput } from '../../components/search-input.tsx';
import { BalanceEntriesTable } from './balance-entries-table.tsx';
import { BALANCE_ENTRY_FILTERS, balanceEntryFiltersToSend, type BalanceEntryFilter } from './driver-filters.ts';
import { driversApi, type BalanceEntryListParams } from './drivers-api.ts';

/**
 * /extract-balance (spec 2.3 'Extract from user balance'): every entry of every balance, newest
 * first, by period (Bishkek days) and by the driver's name, phone or account. A driver's page
 * links here with `?user=` for that driver's entries; the tag naming the driver removes it.
 */
export function BalanceExtract() {
  const { t } = useTranslation('drivers');
  const list = useListParams<BalanceEntryFilter>({ filters: BALANCE_ENTRY_FILTERS });
  const sent = balanceEntryFiltersToSend(list.filters);
  const params: BalanceEntryListParams = { page: list.page, size: list.size, ...(list.search && { search: list.search }), ...sent };
  const query = useQuery(driversApi.ledgerQueryOptions(params));
  const filtered = Boolean(list.search) || Object.keys(list.filters).length > 0;
  const driverId = sent.user ? Number(sent.user) : 0;

  return (
    <Card>
      <Flex vertical gap="middle">
        <Flex wrap gap="middle" align="center" style={{ maxWidth: '100%', minWidth: 0 }}>
          <SearchInput
            value={list.search}
            onChange={list.setSearch}
            placeholder={t('extract.search')}
            aria-label={t('extract.search')}
            style={{ width: 360, maxWidth: '100%' }}
          />
          <DateRangeFilter
            label={t('extract.period')}
            placeholders={[t('list.date_from'), t('list.date_to')]}
            from={list.filters.period__from}
            to={list.filters.period__to}
            onChange={({ from, to }) => list.setFilters({ period__from: from, period__to: to })}
            style={{ width: 280 }}
          />
          {driverId > 0 && <DriverFilterTag id={driverId} onClose={() => list.setFilter('user', null)} />}
          {filtered && <Button onClick={list.reset}>{t('list.reset')}</Button>}
          <ExportButton path="/users/payments/export/" query={{ ...(list.search && { search: list.search }), ...sent }} fileName="payments" />
        </Flex>
        <BalanceEntriesTable
          query={query}
          list={list}
          showDriver
          emptyText={t(filtered ? 'list.nothing_found' : 'extract.empty')}
        />
      </Flex>
    </Card>
  );
}

/** The one driver the ledger is narrowed to, by name once known; closing it shows everyone's entries. */
function DriverFilterTag({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation('drivers');
  const driver = useQuery(driversApi.detailQueryOptions(id));
  const name = driver.data ? `${driver.data.surname} ${driver.data.first_name}` : `ID ${id}`;
  return <FilterTag label={t('extract.driver', { name })} clearLabel={t('extract.all_drivers')} onClear={onClose} data-testid="extract-driver" />;
}
