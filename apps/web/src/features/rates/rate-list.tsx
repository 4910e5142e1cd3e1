import { useQuery } from '@tanstack/react-query';
import { Select, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CONNECTOR_TYPE_KEYS } from '@evcms/contracts/catalog';
import type { Rate } from '@evcms/contracts/rates';
import { isActive, toggledStatus } from '@evcms/contracts/status';
import { EllipsisText } from '../../components/ellipsis-text.tsx';
import { CreateButton } from '../../components/list-screen/create-button.tsx';
import { ListCard } from '../../components/list-screen/list-card.tsx';
import { readStatusFilter } from '../../components/list-screen/list-screen-state.ts';
import { ListScreenTable } from '../../components/list-screen/list-screen-table.tsx';
import { ListToolbar } from '../../components/list-screen/list-toolbar.tsx';
import { editDeleteColumn, statusSwitchColumn } from '../../components/list-screen/row-buttons.tsx';
import { useListScreen } from '../../components/list-screen/use-list-screen.ts';
import {
  listDeleteTexts,
  listStatusTexts,
  showPageBeforeIfEmptied,
  useRowActions,
} from '../../components/list-screen/use-row-actions.ts';
import { connectorDictionaryQueryOptions } from '../../lib/connector-dictionaries.ts';
import { formatDateTime } from '../../lib/dates.ts';
import { useLang } from '../../lib/i18n.ts';
import { formatFee } from '../../lib/number-format.ts';
import { ratePaths } from './rate-paths.ts';
import { ratesApi } from './rates-api.ts';

const rowIsActive = (rate: Rate) => isActive(rate.status);

/** The list's own filters, as the URL keeps them. */
const RATE_FILTERS = ['default', 'typo'] as const;
type RateFilter = (typeof RATE_FILTERS)[number];

/** The URL's filters -> what is sent; a malformed value is no filter. */
function rateFiltersToSend(filters: Partial<Record<RateFilter, string>>): Partial<Record<RateFilter, string>> {
  /** 'true' default rates, 'false' personal ones. */
  const type = readStatusFilter(filters.default);
  const typo = (CONNECTOR_TYPE_KEYS as readonly string[]).includes(filters.typo ?? '') ? filters.typo : undefined;
  return { ...(type && { default: type }), ...(typo && { typo }) };
}

// The fixed columns take about 890 px and the name what is left (about 140 px at 1366 px); a card
// narrower than this (a phone, a tablet) scrolls the table sideways inside it. The creation time
// joins on wide screens.
const MIN_TABLE_WIDTH = 1000;

/**
 * Rates (spec 2.3 /rates): search, status, type and connector type filters, a paged table with a
 * status switch, edit and delete (both refused while active), and bulk activate / deactivate of
 * the selected rows, whose answer is merged into the list (spec 4 'Rate update').
 */
export function RateList() {
  const { t } = useTranslation('rates');
  const lang = useLang();
  const navigate = useNavigate();
  const screen = useListScreen<Rate, RateFilter>({
    query: ratesApi.listQueryOptions,
    filters: RATE_FILTERS,
    send: rateFiltersToSend,
    statuses: { isActive: rowIsActive, setStatuses: ratesApi.setStatuses },
  });
  const types = useQuery(connectorDictionaryQueryOptions('types'));
  const actions = useRowActions(screen, ratesApi.remove);

  // The bulk call with one id: a refused activation (409) names the rate already active.
  const toggle = (rate: Rate) =>
    actions.setStatus(rate, toggledStatus(rate.status), listStatusTexts(t, rate.name, rowIsActive(rate)));

  // Spec 4: after a delete the list reloads (the mutation asks for it again); a 409 (it was
  // activated meanwhile) carries the server's explanation.
  const confirmDelete = (rate: Rate) =>
    actions.remove(rate, listDeleteTexts(t, rate.name), showPageBeforeIfEmptied(screen));

  const columns: TableColumnsType<Rate> = [
    { key: 'id', title: t('fields.id'), dataIndex: 'id', width: 64 },
    { key: 'name', title: t('fields.name'), dataIndex: 'name', render: (name: string) => <EllipsisText text={name} /> },
    {
      key: 'type',
      title: t('fields.type'),
      width: 130,
      render: (_, rate) => <Tag color={rate.type === 'default' ? 'blue' : 'purple'}>{t(`types.${rate.type}`)}</Tag>,
    },
    {
      key: 'typo',
      title: t('fields.typo'),
      dataIndex: 'typo_name',
      width: 170,
      render: (text: string) => <EllipsisText text={text} />,
    },
    {
      key: 'price',
      title: t('fields.price'),
      width: 140,
      align: 'right',
      render: (_, rate) => (
        <span style={{ whiteSpace: 'nowrap' }}>{t('units.fee', { value: formatFee(rate.price, lang) })}</span>
      ),
    },
    {
      key: 'merchants',
      title: t('fields.merchants'),
      width: 120,
      align: 'right',
      // A default rate applies to every merchant without a personal one.
      render: (_, rate) => (rate.type === 'personal' ? rate.merchants.length : t('list.all_merchants')),
    },
    statusSwitchColumn({ t, testId: 'rate-status-switch', isActive: rowIsActive, toggling: actions.toggling, toggle }),
    {
      key: 'created_at',
      title: t('fields.created_at'),
      dataIndex: 'created_at',
      width: 150,
      responsive: ['xxl'],
      render: (value: string) => formatDateTime(value),
    },
    editDeleteColumn({
      t,
      edit: (rate) => void navigate(ratePaths.edit(rate.id)),
      editRefusal: (rate) => rowIsActive(rate) && t('list.edit_active'),
      remove: (rate) => void confirmDelete(rate),
      deleteRefusal: (rate) => rowIsActive(rate) && t('list.delete_active'),
    }),
  ];

  const filters = (
    <>
      <Select<string>
        aria-label={t('list.type_filter')}
        value={screen.sent.default ?? ''}
        options={[
          { value: '', label: t('list.all_types') },
          { value: 'true', label: t('types.default') },
          { value: 'false', label: t('types.personal') },
        ]}
        onChange={(value) => screen.list.setFilter('default', value || null)}
        style={{ width: 160 }}
      />
      <Select<string>
        aria-label={t('list.typo_filter')}
        value={screen.sent.typo ?? ''}
        options={[
          { value: '', label: t('list.all_typos') },
          ...Object.entries(types.data ?? {}).map(([value, label]) => ({ value, label })),
        ]}
        loading={types.isFetching}
        onChange={(value) => screen.list.setFilter('typo', value || null)}
        popupMatchSelectWidth={false}
        style={{ width: 200, maxWidth: '100%' }}
      />
    </>
  );

  return (
    <ListCard>
      <ListToolbar
        screen={screen}
        searchLabel={t('list.search')}
        searchWidth={260}
        filters={filters}
        actions={<CreateButton to={ratePaths.create}>{t('list.create')}</CreateButton>}
      />
      <ListScreenTable<Rate> screen={screen} columns={columns} minWidth={MIN_TABLE_WIDTH} emptyText={t('list.empty')} />
    </ListCard>
  );
}
