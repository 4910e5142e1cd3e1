import { useQuery } from '@tanstack/react-query';
import { Select, Spin } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_PICKER_PAGE_SIZE } from '@evcms/contracts/common';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import { ratesApi } from './rates-api.ts';

/** Merchants offered per search: the picker narrows by name rather than scrolling. */
const FOUND_SIZE = 20;

export interface RateMerchantsFieldProps {
  /** The chosen merchant ids (antd's Form.Item passes value, onChange and id). */
  value?: number[];
  onChange?: (ids: number[]) => void;
  id?: string;
  disabled?: boolean;
}

/**
 * The merchants of a personal rate: a multiple select that searches merchants by name on the
 * server (`/merchants/for-promotion/`, after typing stops). Names of chosen merchants come from the
 * searches that offered them; ids known from none (a stored rate's) are named by one request for
 * every merchant, only when there are some.
 */
export function RateMerchantsField({ value, onChange, id, disabled }: RateMerchantsFieldProps) {
  const { t } = useTranslation('rates');
  const ids = useMemo(() => value ?? [], [value]);
  const [search, setSearch] = useState('');
  const wanted = useDebouncedValue(search.trim());
  const [chosen, setChosen] = useState<ReadonlyMap<number, string>>(new Map());
  const found = useQuery(ratesApi.merchantOptionsQueryOptions({ ...(wanted && { search: wanted }), size: FOUND_SIZE }));

  const offered = found.data?.items ?? [];
  const named = new Map([...offered.map((merchant) => [merchant.id, merchant.name] as const), ...chosen]);
  const missing = ids.some((merchantId) => !named.has(merchantId));
  const all = useQuery({ ...ratesApi.merchantOptionsQueryOptions({ size: MAX_PICKER_PAGE_SIZE }), enabled: missing });
  for (const merchant of all.data?.items ?? []) if (!named.has(merchant.id)) named.set(merchant.id, merchant.name);

  const searching = found.isFetching || search.trim() !== wanted;
  // The names of chosen merchants outlive the search that offered them.
  const remember = (next: readonly number[]) => {
    const entries = next.flatMap((merchantId) => {
      const name = named.get(merchantId);
      return name === undefined ? [] : [[merchantId, name] as const];
    });
    setChosen(new Map([...chosen, ...entries]));
  };

  return (
    <Select<number[]>
      id={id}
      mode="multiple"
      disabled={disabled}
      value={ids}
      placeholder={t('form.merchants_placeholder')}
      options={offered.map((merchant) => ({ value: merchant.id, label: merchant.name }))}
      // A stored merchant not offered by the current search still shows its name.
      labelRender={({ value: merchantId }) =>
        named.get(Number(merchantId)) ?? (all.isFetching ? <Spin size="small" /> : `#${merchantId}`)
      }
      showSearch={{ filterOption: false, onSearch: setSearch }}
      notFoundContent={searching ? <Spin size="small" /> : t('form.merchants_none')}
      onChange={(next) => {
        remember(next);
        onChange?.(next);
      }}
      onBlur={() => setSearch('')}
      style={{ width: '100%' }}
    />
  );
}
