import { useQuery, type UseQueryOptions } from '@tanstack/react-query';
import { Select, Spin, type SelectProps } from 'antd';
import { useMemo, useState } from 'react';
import { MAX_PICKER_PAGE_SIZE, type Paged } from '@evcms/contracts/common';
import { useOptionsFailure } from '../load-failure/options-failure.tsx';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';

/** Options offered per search: the select narrows by name rather than scrolling. */
const FOUND_SIZE = 20;

export interface NamedOption {
  id: number;
  name: string;
}

/** A picker list of the API (`/stations/for-transaction/`): `search` empty gives the first ones. */
export type OptionsQuery = (params: {
  search?: string;
  size: number;
}) => UseQueryOptions<Paged<NamedOption>, Error, Paged<NamedOption>, readonly unknown[]>;

export interface SearchMultiSelectProps extends Pick<
  SelectProps,
  'placeholder' | 'style' | 'maxTagCount' | 'id' | 'disabled'
> {
  value: readonly number[];
  onChange: (ids: number[]) => void;
  options: OptionsQuery;
  /** Shown when a search finds nothing. */
  notFound: string;
  'aria-label'?: string;
}

/**
 * A multiple select that searches a picker list on the server once typing stops. Names of chosen
 * items come from the searches that offered them; ids known from none (from the address, after a
 * reload) are named by one request for the whole list, only when there are some.
 */
export function SearchMultiSelect({ value, onChange, options, notFound, ...selectProps }: SearchMultiSelectProps) {
  const ids = useMemo(() => [...value], [value]);
  const [search, setSearch] = useState('');
  const wanted = useDebouncedValue(search.trim());
  const [chosen, setChosen] = useState<ReadonlyMap<number, string>>(new Map());
  const found = useQuery(options({ ...(wanted && { search: wanted }), size: FOUND_SIZE }));

  const offered = found.data?.items ?? [];
  const named = new Map([...offered.map((item) => [item.id, item.name] as const), ...chosen]);
  const missing = ids.some((id) => !named.has(id));
  const all = useQuery({ ...options({ size: MAX_PICKER_PAGE_SIZE }), enabled: missing });
  for (const item of all.data?.items ?? []) if (!named.has(item.id)) named.set(item.id, item.name);

  const searching = found.isFetching || search.trim() !== wanted;
  const failure = useOptionsFailure(found);
  // The names of chosen items outlive the search that offered them.
  const remember = (next: readonly number[]) => {
    const entries = next.flatMap((id) => {
      const name = named.get(id);
      return name === undefined ? [] : [[id, name] as const];
    });
    setChosen(new Map([...chosen, ...entries]));
  };

  return (
    <Select<number[]>
      mode="multiple"
      {...selectProps}
      value={ids}
      options={offered.map((item) => ({ value: item.id, label: item.name }))}
      // A chosen item not offered by the current search still shows its name.
      labelRender={({ value: id }) => named.get(Number(id)) ?? (all.isFetching ? <Spin size="small" /> : `#${id}`)}
      showSearch={{ filterOption: false, onSearch: setSearch }}
      notFoundContent={failure ?? (searching ? <Spin size="small" /> : notFound)}
      onChange={(next) => {
        remember(next);
        onChange(next);
      }}
      onBlur={() => setSearch('')}
    />
  );
}
