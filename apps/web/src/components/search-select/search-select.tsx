import { CloseCircleFilled } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Select, Spin, type SelectProps } from 'antd';
import { useState } from 'react';
import { useOptionsFailure } from '../load-failure/options-failure.tsx';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import type { NamedOption, OptionsQuery } from './search-multi-select.tsx';

/** Options offered per search: the select narrows by name rather than scrolling. */
const FOUND_SIZE = 20;

export interface SearchSelectProps extends Pick<SelectProps, 'placeholder' | 'style' | 'id' | 'disabled' | 'status'> {
  value?: number | undefined;
  /** The chosen item, named as the search offered it; undefined when cleared. */
  onChange?: (id: number | undefined, option: NamedOption | undefined) => void;
  options: OptionsQuery;
  /** The stored choice, named, for a value no search has offered yet (an edit form's). */
  known?: NamedOption;
  /** Shown when a search finds nothing. */
  notFound: string;
  /** The clear cross's name ('Clear: Driver'), in the interface language. */
  clearLabel: string;
  'aria-label'?: string;
}

/**
 * A single select that searches a picker list on the server once typing stops (a driver by name or
 * phone, say): nothing is chosen until the user picks, and the chosen item keeps its name after
 * the search that offered it changes.
 */
export function SearchSelect({
  value,
  onChange,
  options,
  known,
  notFound,
  clearLabel,
  ...selectProps
}: SearchSelectProps) {
  const [search, setSearch] = useState('');
  const wanted = useDebouncedValue(search.trim());
  const [chosen, setChosen] = useState<NamedOption | undefined>(known);
  const found = useQuery(options({ ...(wanted && { search: wanted }), size: FOUND_SIZE }));
  const offered = found.data?.items ?? [];
  const searching = found.isFetching || search.trim() !== wanted;
  const failure = useOptionsFailure(found);

  return (
    <Select<number>
      {...selectProps}
      value={value}
      options={offered.map((item) => ({ value: item.id, label: item.name }))}
      labelRender={({ value: id }) =>
        chosen?.id === Number(id) ? chosen.name : (offered.find((item) => item.id === Number(id))?.name ?? `#${id}`)
      }
      showSearch={{ filterOption: false, onSearch: setSearch }}
      notFoundContent={failure ?? (searching ? <Spin size="small" /> : notFound)}
      allowClear={{ clearIcon: <CloseCircleFilled aria-hidden />, label: clearLabel }}
      onChange={(id) => {
        const item = id === undefined ? undefined : offered.find((candidate) => candidate.id === id);
        setChosen(item);
        onChange?.(id, item);
      }}
      onBlur={() => setSearch('')}
    />
  );
}
