import { FieldNumberOutlined } from '@ant-design/icons';
import { Button, Flex, Select } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CHARGE_REVIEW_REASONS,
  CHARGE_SOURCE_KEYS,
  CHARGE_SOURCES,
  CHARGE_STATUS_KEYS,
  CHARGE_STATUSES,
  chargeListQuery,
  type ChargeReviewReason,
  type ChargeSource,
  type ChargeStatus,
} from '@evcms/contracts/charges';
import { FilterTag } from '../../components/filter-tag.tsx';
import type { DelayedFilters } from '../../components/paged-table/use-delayed-filters.ts';
import { DateRangeFilter, rangeFilterProps, TimeRangeFilter } from '../../components/range-filters/range-filters.tsx';
import { SearchInput } from '../../components/search-input.tsx';
import { SearchMultiSelect } from '../../components/search-select/search-multi-select.tsx';
import { useLang } from '../../lib/i18n.ts';
import { chargeFiltersToSend, listFilter, listValues, type ChargeFilter } from './charge-filters.ts';
import { chargesApi } from './charges-api.ts';

export interface ChargeListFiltersProps {
  /** The filters as shown, acting on the list 500 ms after the last change. */
  list: DelayedFilters<ChargeFilter>;
  /** A filter is in force: offer to clear them. */
  filtered: boolean;
  /** The driver the list is narrowed to (`user`), by name once a row has told it. */
  driverName: string | undefined;
  /** The screen's own buttons (export), at the end of whichever line they land on. */
  actions?: ReactNode;
}

/**
 * The charge list's filters (spec 3 'List filters'): the number, stations (searched on the server),
 * statuses, the reasons for review, how charges were started, promotions (searched on the server),
 * the start's days, the finish's days and its time of day. Each
 * acts 500 ms after its last change (spec 2.5), the number's typing included.
 */
export function ChargeListFilters({ list, filtered, driverName, actions }: ChargeListFiltersProps) {
  const { t } = useTranslation('charges');
  const lang = useLang();
  const filters = list.shown;
  // The selects show only values the API takes (an address edited by hand may hold others).
  const sent = chargeFiltersToSend(filters);
  const wide = { width: 280, maxWidth: '100%' };
  return (
    <Flex wrap gap="middle" align="center">
      <SearchInput
        value={filters.search_by_tx_id ?? ''}
        onChange={(value) => list.setFilter('search_by_tx_id', value)}
        // The list's filters wait 500 ms already; the field hands each checked keystroke on.
        delay={0}
        placeholder={t('list.number_filter')}
        aria-label={t('list.number_filter')}
        prefix={<FieldNumberOutlined aria-hidden />}
        inputMode="numeric"
        schema={chargeListQuery.shape.search_by_tx_id}
        style={{ width: 200, maxWidth: '100%' }}
      />
      <SearchMultiSelect
        value={listValues(sent.station_id__in).map(Number)}
        onChange={(ids) => list.setFilter('station_id__in', listFilter(ids))}
        options={chargesApi.stationOptionsQueryOptions}
        placeholder={t('list.stations')}
        aria-label={t('list.stations')}
        notFound={t('list.stations_none')}
        maxTagCount="responsive"
        style={wide}
      />
      <Select<ChargeStatus[]>
        mode="multiple"
        value={listValues(sent.status) as ChargeStatus[]}
        onChange={(statuses) => list.setFilter('status', listFilter(statuses))}
        options={CHARGE_STATUS_KEYS.map((status) => ({ value: status, label: CHARGE_STATUSES[status][lang] }))}
        showSearch={{ optionFilterProp: 'label' }}
        placeholder={t('list.statuses')}
        aria-label={t('list.statuses')}
        maxTagCount="responsive"
        style={wide}
      />
      <Select<ChargeReviewReason[]>
        mode="multiple"
        value={listValues(sent.review) as ChargeReviewReason[]}
        onChange={(reasons) => list.setFilter('review', listFilter(reasons))}
        options={CHARGE_REVIEW_REASONS.map((reason) => ({ value: reason, label: t(`review.${reason}`) }))}
        showSearch={{ optionFilterProp: 'label' }}
        placeholder={t('list.review')}
        aria-label={t('list.review')}
        maxTagCount="responsive"
        style={wide}
      />
      <Select<ChargeSource[]>
        mode="multiple"
        value={listValues(sent.source) as ChargeSource[]}
        onChange={(sources) => list.setFilter('source', listFilter(sources))}
        options={CHARGE_SOURCE_KEYS.map((source) => ({ value: source, label: CHARGE_SOURCES[source][lang] }))}
        showSearch={{ optionFilterProp: 'label' }}
        placeholder={t('list.sources')}
        aria-label={t('list.sources')}
        maxTagCount="responsive"
        style={wide}
      />
      <SearchMultiSelect
        value={listValues(sent.promotion_id__in).map(Number)}
        onChange={(ids) => list.setFilter('promotion_id__in', listFilter(ids))}
        options={chargesApi.promotionOptionsQueryOptions}
        placeholder={t('list.promotions')}
        aria-label={t('list.promotions')}
        notFound={t('list.promotions_none')}
        maxTagCount="responsive"
        style={wide}
      />
      <DateRangeFilter
        label={t('list.period')}
        placeholders={[t('list.date_from'), t('list.date_to')]}
        {...rangeFilterProps(list, 'period')}
        labelled
        style={{ width: 360 }}
      />
      <DateRangeFilter
        label={t('list.finish_date')}
        placeholders={[t('list.date_from'), t('list.date_to')]}
        {...rangeFilterProps(list, 'finished_date')}
        labelled
        style={{ width: 380 }}
      />
      <TimeRangeFilter
        label={t('list.finish_time')}
        placeholders={[t('list.time_from'), t('list.time_to')]}
        {...rangeFilterProps(list, 'finished_time')}
        labelled
        style={{ width: 320 }}
      />
      {sent.user && (
        <FilterTag
          label={driverName ? t('list.driver', { name: driverName }) : t('list.driver_id', { id: sent.user })}
          clearLabel={t('list.all_drivers')}
          onClear={() => {
            list.setFilter('user', null);
            list.flush();
          }}
          data-testid="charges-driver"
        />
      )}
      {filtered && <Button onClick={list.reset}>{t('list.reset')}</Button>}
      {actions && <div style={{ marginInlineStart: 'auto' }}>{actions}</div>}
    </Flex>
  );
}
