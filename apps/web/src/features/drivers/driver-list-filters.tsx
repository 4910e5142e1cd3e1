import { IdcardOutlined, PhoneOutlined } from '@ant-design/icons';
import { Button, Flex } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { driverListQuery } from '@evcms/contracts/drivers';
import type { DelayedFilters } from '../../components/paged-table/use-delayed-filters.ts';
import type { ListState } from '../../components/paged-table/use-list-params.ts';
import { DateRangeFilter, rangeFilterProps, TimeRangeFilter } from '../../components/range-filters/range-filters.tsx';
import { ListSearch, SearchInput } from '../../components/search-input.tsx';
import type { DriverFilter } from './driver-filters.ts';

export interface DriverListFiltersProps {
  /** The search, written as the typing stops. */
  list: Pick<ListState<DriverFilter>, 'search' | 'setSearch'>;
  /** The filters as shown, acting on the list 500 ms after the last change. */
  shown: DelayedFilters<DriverFilter>;
  /** A search or a filter is in force: offer to clear them. */
  filtered: boolean;
  /** The screen's own buttons (register), at the end of whichever line they land on. */
  actions?: ReactNode;
}

/**
 * The driver list's filters (spec 3 'List filters'): the search (name, phone, email, account), the
 * phone's digits, the exact id, the registration date range and the time-of-day range. Each acts
 * 500 ms after its last change (spec 2.5), like the search; what the API would refuse is not sent,
 * and the field says why (the contract's schema of each parameter).
 */
export function DriverListFilters({ list, shown, filtered, actions }: DriverListFiltersProps) {
  const { t } = useTranslation('drivers');
  const filters = shown.shown;
  // The phone and the id: checked by the contract's schema of the parameter, each keystroke handed on
  // (the filters wait 500 ms already), and sharing a line on a phone.
  const shortFilter = (name: 'phone' | 'search_by_user_id') => ({
    value: filters[name] ?? '',
    onChange: (value: string) => shown.setFilter(name, value),
    delay: 0,
    schema: driverListQuery.shape[name],
    style: { flex: '1 1 150px', maxWidth: 200 },
  });
  return (
    <Flex wrap gap="middle" align="center">
      <ListSearch list={list} label={t('list.search')} width={400} />
      <SearchInput
        {...shortFilter('phone')}
        placeholder={t('list.phone_filter')}
        aria-label={t('list.phone_filter')}
        prefix={<PhoneOutlined aria-hidden />}
        inputMode="tel"
      />
      <SearchInput
        {...shortFilter('search_by_user_id')}
        // Short, so that it fits beside the phone on a phone; the accessible name says whose id.
        placeholder={t('fields.id')}
        aria-label={t('list.id_filter')}
        prefix={<IdcardOutlined aria-hidden />}
        inputMode="numeric"
      />
      <DateRangeFilter
        label={t('list.registration_date')}
        placeholders={[t('list.date_from'), t('list.date_to')]}
        {...rangeFilterProps(shown, 'registration_date')}
        style={{ width: 280 }}
      />
      <TimeRangeFilter
        label={t('list.registration_time')}
        placeholders={[t('list.time_from'), t('list.time_to')]}
        {...rangeFilterProps(shown, 'registration_time')}
        style={{ width: 220 }}
      />
      {filtered && <Button onClick={shown.reset}>{t('list.reset')}</Button>}
      {actions && <div style={{ marginInlineStart: 'auto' }}>{actions}</div>}
    </Flex>
  );
}
