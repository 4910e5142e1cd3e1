import { CloseCircleFilled, SearchOutlined } from '@ant-design/icons';
import { Flex, Input, Typography, type InputProps } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { searchParam } from '@evcms/contracts/query';
import { issueMessage, type z } from '@evcms/contracts/schema';
import { useLang } from '../lib/i18n.ts';
import { SEARCH_DELAY_MS, useDebouncedCallback } from '../lib/use-debounced-value.ts';

export type SearchInputProps = Omit<InputProps, 'value' | 'defaultValue' | 'onChange'> & {
  /** The search in force (say, list.search from the URL): shown at first and when it changes elsewhere. */
  value?: string;
  /** Receives the trimmed text once typing has stopped for `delay` ms (500 by default). */
  onChange: (value: string) => void;
  delay?: number;
  /**
   * The contract's schema of the parameter the text is sent as (a charge number, a phone): text it
   * refuses is never sent, and the field says why under itself. Free text up to the API's length
   * by default.
   */
  schema?: z.ZodMiniType;
};

/**
 * A search or typed filter that acts after the user stops typing, so a list is not fetched per
 * keystroke. What the API would refuse stays in the field with its reason, in the interface's
 * language, and the list keeps what it showed: a filter quietly left out listed everything.
 */
export function SearchInput({
  value,
  onChange,
  delay = SEARCH_DELAY_MS,
  onPressEnter,
  schema = searchParam,
  style,
  ...inputProps
}: SearchInputProps) {
  const { t } = useTranslation('components');
  const lang = useLang();
  const messageId = useId();
  const [text, setText] = useState(value ?? '');
  const [applied, setApplied] = useState(value);
  const emit = useDebouncedCallback((next: string) => {
    if (schema.safeParse(next).success) onChange(next.trim());
  }, delay);

  // Follow a value changed from outside (a reset, the back button) without undoing what the user
  // is typing: the echo of our own trimmed text must not strip a space they just typed.
  if (value !== applied) {
    setApplied(value);
    if ((value ?? '') !== text.trim()) setText(value ?? '');
  }
  const checked = schema.safeParse(text);
  const issue = checked.success ? undefined : checked.error.issues[0];

  return (
    // The field and its message are one item of the toolbar, sized as the field was asked to be.
    <Flex vertical gap={2} style={style}>
      <Input
        placeholder={t('search.placeholder')}
        prefix={<SearchOutlined aria-hidden />}
        // antd's clear cross is a button named after its icon ('close-circle'): named here instead.
        allowClear={{ clearIcon: <CloseCircleFilled aria-label={t('search.clear')} /> }}
        {...inputProps}
        status={issue ? 'error' : inputProps.status}
        aria-invalid={issue ? true : undefined}
        aria-describedby={issue ? messageId : undefined}
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
      {issue && (
        <Typography.Text type="danger" id={messageId} style={{ fontSize: 12 }} data-testid="search-input-error">
          {issueMessage(issue, lang)}
        </Typography.Text>
      )}
    </Flex>
  );
}

/** A list's search box (its text kept in the URL): `label` says what it matches, as placeholder and accessible name. */
export function ListSearch({
  list,
  label,
  width,
}: {
  list: { search: string; setSearch: (search: string) => void };
  label: string;
  width: number;
}) {
  return (
    <SearchInput
      value={list.search}
      onChange={list.setSearch}
      placeholder={label}
      aria-label={label}
      style={{ width, maxWidth: '100%' }}
    />
  );
}
