import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExportButton } from '../../components/export-button/export-button.tsx';
import { ListCard } from '../../components/list-screen/list-card.tsx';
import { useListScreen } from '../../components/list-screen/use-list-screen.ts';
import { ChargeDrawer } from './charge-drawer.tsx';
import { CHARGE_FILTERS, chargeFiltersToSend } from './charge-filters.ts';
import { ChargeListFilters } from './charge-list-filters.tsx';
import { ChargesTable } from './charges-table.tsx';
import { chargesApi } from './charges-api.ts';

/**
 * /chargers-list (spec 2.3 'List of user charges'): every charge, newest start first, with the
 * filters of spec 3 kept in the URL and their export. A driver's page links here with `?user=`
 * for that driver's charges. A row opens the charge with its meter readings.
 */
export function ChargeList() {
  const { t } = useTranslation('charges');
  // The number is a filter: the list has no search of its own.
  const { list, shown, sent, query, filtered } = useListScreen({
    query: chargesApi.listQueryOptions,
    filters: CHARGE_FILTERS,
    send: chargeFiltersToSend,
    search: false,
  });
  const [opened, setOpened] = useState<number | null>(null);
  // The rows of a list narrowed to one driver are that driver's: the first names them.
  const driverName = sent.user
    ? query.data?.items.find((charge) => charge.driver?.id === Number(sent.user))?.driver?.name
    : undefined;

  return (
    <>
      <ListCard>
        <ChargeListFilters
          list={shown}
          filtered={filtered}
          driverName={driverName}
          actions={<ExportButton path={chargesApi.exportPath} query={sent} fileName="transactions" />}
        />
        <ChargesTable
          query={query}
          list={list}
          // Spec 8: the same words for an empty search result as the other lists.
          emptyText={t(filtered ? 'list.nothing_found' : 'list.empty')}
          onOpen={setOpened}
        />
      </ListCard>
      <ChargeDrawer id={opened} onClose={() => setOpened(null)} />
    </>
  );
}
