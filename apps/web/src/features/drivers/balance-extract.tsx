import { useQuery } from '@tanstack/react-query';
import { Button, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { ExportButton } from '../../components/export-button/export-button.tsx';
import { FilterTag } from '../../components/filter-tag.tsx';
import { ListCard } from '../../components/list-screen/list-card.tsx';
import { useListScreen } from '../../components/list-screen/use-list-screen.ts';
import { DateRangeFilter, rangeFilterProps } from '../../components/range-filters/range-filters.tsx';
import { ListSearch } from '../../components/search-input.tsx';
import { BalanceEntriesTable } from './balance-entries-table.tsx';
import { BALANCE_ENTRY_FILTERS, balanceEntryFiltersToSend } from './driver-filters.ts';
import { driversApi } from './drivers-api.ts';

/**
 * /extract-balance (spec 2.3 'Extract from user balance'): every entry of every balance, newest
 * first, by period (Bishkek days) and by the driver's name, phone or account. A driver's page
 * links here with `?user=` for that driver's entries; the tag naming the driver removes it.
 */
export function BalanceExtract() {
  const { t } = useTranslation('drivers');
  // The period acts 500 ms after its last change (spec 2.5), as the search does.
  const { list, shown, sent, query, filtered } = useListScreen({
    query: driversApi.ledgerQueryOptions,
    filters: BALANCE_ENTRY_FILTERS,
    send: balanceEntryFiltersToSend,
  });
  const driverId = sent.user ? Number(sent.user) : 0;

  return (
    <ListCard>
      <Flex wrap gap="middle" align="center" style={{ maxWidth: '100%', minWidth: 0 }}>
        <ListSearch list={list} label={t('extract.search')} width={360} />
        <DateRangeFilter
          label={t('extract.period')}
          placeholders={[t('list.date_from'), t('list.date_to')]}
          {...rangeFilterProps(shown, 'period')}
          style={{ width: 280 }}
        />
        {driverId > 0 && (
          <DriverFilterTag
            id={driverId}
            onClose={() => {
              // A deliberate act: at once, not after the filters' delay.
              shown.setFilter('user', null);
              shown.flush();
            }}
          />
        )}
        {filtered && <Button onClick={shown.reset}>{t('list.reset')}</Button>}
        <ExportButton
          path="/users/payments/export/"
          query={{ ...(list.search && { search: list.search }), ...sent }}
          fileName="payments"
        />
      </Flex>
      <BalanceEntriesTable
        query={query}
        list={list}
        showDriver
        emptyText={t(filtered ? 'list.nothing_found' : 'extract.empty')}
      />
    </ListCard>
  );
}

/** The one driver the ledger is narrowed to, by name once known; closing it shows everyone's entries. */
function DriverFilterTag({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation('drivers');
  const driver = useQuery(driversApi.detailQueryOptions(id));
  const name = driver.data ? `${driver.data.surname} ${driver.data.first_name}` : `ID ${id}`;
  return (
    <FilterTag
      label={t('extract.driver', { name })}
      clearLabel={t('extract.all_drivers')}
      onClear={onClose}
      data-testid="extract-driver"
    />
  );
}
