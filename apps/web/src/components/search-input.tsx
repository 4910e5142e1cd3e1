import { CloseCircleFilled, SearchOutlined } from '@ant-design/icons';
import { Input, type InputProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SEARCH_DELAY_MS, useDebouncedCallback } from '../lib/use-debounced-value.ts';

export type SearchInputProps = Omit<InputProps, 'value' | 'defaultValue' | 'onChange'> & {
  /** The search in force (say, list.search from the URL): shown at first and when it changes elsewhere. */
  value?: string;
  /** Receives the trimmed text once typing has stopped for `delay` ms (500 by default). */
  onChange: (value: string) => void;
  delay?: number;
};

/** A search field that acts after the user stops typing, so a list is not fetched per keystroke. */
export function SearchInput({ value, onChange, delay = SEARCH_DELAY_MS, onPressEnter, ...inputProps }: SearchInputProps) {
  const { t } = useTranslation('components');
  const [text, setText] = useState(value ?? '');
  const [applied, setApplied] = useState(value);
  const emit = useDebouncedCallback((next: string) => onChange(next.trim()), delay);

  // Follow a value changed from outside (a reset, the back button) without undoing what the user
  // is typing: the echo of our own trimmed text must not strip a space they just typed.
  if (value !== applied) {
    setApplied(value);
    if ((value ?? '') !== text.trim()) setText(value ?? '');
  }

  return (
    <Input
      placeholder={t('search.placeholder')}
      prefix={<SearchOutlined aria-hidden />}
      // antd's clear cross is a button named after its icon ('close-circle'): named here instead.
      allowClear={{ clearIcon: <CloseCircleFilled aria-label={t('search.clear')} /> }}
      {...inputProps}
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        emit(event.target.value);
        // The clear button is a deliberate act, not typing: apply it at once.
        if (event.type === 'click') emit.flush();
      }}
      onPressEnter={(event) => {
        emit.flush();
        onPressEnter?.(event);
      }}
    />
  );
}
