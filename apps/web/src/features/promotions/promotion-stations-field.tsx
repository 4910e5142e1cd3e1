import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Flex, Select, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_PICKER_PAGE_SIZE } from '@evcms/contracts/common';
import type { Promotion } from '@evcms/contracts/promotions';
import { useOptionsFailure } from '../../components/load-failure/options-failure.tsx';
import { SearchSelect } from '../../components/search-select/search-select.tsx';
import { errorText } from '../../lib/api-error.ts';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import { promotionsApi } from './promotions-api.ts';

/** Stations offered per search: the select narrows by name rather than scrolling. */
const FOUND_SIZE = 20;
/** Chosen stations shown as tags before the rest are counted. */
const SHOWN_TAGS = 30;

export interface PromotionStationsFieldProps {
  value?: number[];
  onChange?: (ids: number[]) => void;
  id?: string;
  /** The stored promotion's stations, named. */
  stored?: Promotion['stations'];
}

/**
 * The promotion's stations: a search over the network's stations, narrowed to one merchant's when
 * one is picked, and every station of that merchant added at once. A chosen station keeps its name
 * after the search that offered it changes.
 */
export function PromotionStationsField({ value = [], onChange, id, stored = [] }: PromotionStationsFieldProps) {
  const { t } = useTranslation('promotions');
  const { notification } = App.useApp();
  const queryClient = useQueryClient();
  const [merchant, setMerchant] = useState<number | undefined>();
  const [search, setSearch] = useState('');
  const wanted = useDebouncedValue(search.trim());
  const [names, setNames] = useState<ReadonlyMap<number, string>>(
    () => new Map(stored.map((station) => [station.id, station.name])),
  );
  const [adding, setAdding] = useState(false);
  const found = useQuery(
    promotionsApi.stationOptionsQueryOptions({
      ...(wanted && { search: wanted }),
      ...(merchant !== undefined && { merchant }),
      size: FOUND_SIZE,
    }),
  );
  const failure = useOptionsFailure(found);
  const offered = found.data?.items ?? [];
  const nameOf = (station: number) => names.get(station) ?? offered.find((item) => item.id === station)?.name;
  const remember = (stations: readonly { id: number; name: string }[]) =>
    setNames((known) => new Map([...known, ...stations.map((station) => [station.id, station.name] as const)]));

  const addAllOfMerchant = async () => {
    if (merchant === undefined) return;
    setAdding(true);
    try {
      const page = await queryClient.fetchQuery(
        promotionsApi.stationOptionsQueryOptions({ merchant, size: MAX_PICKER_PAGE_SIZE }),
      );
      remember(page.items);
      onChange?.([...new Set([...value, ...page.items.map((station) => station.id)])]);
    } catch (error) {
      notification.error({ title: errorText(error, t('form.stations_failed')) });
    } finally {
      setAdding(false);
    }
  };

  return (
    <Flex vertical gap="small">
      <Flex wrap gap="small">
        <SearchSelect
          aria-label={t('form.stations_merchant')}
          placeholder={t('form.stations_merchant')}
          value={merchant}
          onChange={(picked) => setMerchant(picked)}
          options={promotionsApi.merchantOptionsQueryOptions}
          notFound={t('form.merchants_none')}
          clearLabel={t('form.stations_merchant_clear')}
          style={{ width: 280, maxWidth: '100%' }}
        />
        <Button disabled={merchant === undefined} loading={adding} onClick={() => void addAllOfMerchant()}>
          {t('form.stations_add_all')}
        </Button>
        {value.length > 0 && <Button onClick={() => onChange?.([])}>{t('form.stations_clear')}</Button>}
      </Flex>
      <Select<number[]>
        id={id}
        mode="multiple"
        aria-label={t('fields.stations')}
        placeholder={t('form.stations_placeholder')}
        value={value}
        options={offered.map((item) => ({ value: item.id, label: item.name }))}
        labelRender={({ value: station }) => nameOf(Number(station)) ?? `#${station}`}
        showSearch={{ filterOption: false, onSearch: setSearch }}
        notFoundContent={
          failure ?? (found.isFetching || search.trim() !== wanted ? <Spin size="small" /> : t('form.stations_none'))
        }
        maxTagCount={SHOWN_TAGS}
        onChange={(ids) => {
          remember(offered.filter((item) => ids.includes(item.id)));
          onChange?.(ids);
        }}
        onBlur={() => setSearch('')}
        style={{ width: '100%' }}
      />
    </Flex>
  );
}
