import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button, Flex, Input, Select, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES } from '@evcms/contracts/common';
import { clampPage, sanitizePageInput } from './page-number.ts';

export interface PageFooterProps {
  page: number;
  pages: number;
  size: number;
  onPageChange: (page: number) => void;
  onSizeChange: (size: number) => void;
}

const sizeOptions = PAGE_SIZES.map((value) => ({ value, label: String(value) }));

/** 'Show by' size selector, 'Page [n] of N pages' and previous/next, disabled at the bounds. */
export function PageFooter({ page, pages, size, onPageChange, onSizeChange }: PageFooterProps) {
  const { t } = useTranslation('components');
  const last = Math.max(1, pages);
  // While the user types, the input shows the draft; otherwise it follows the current page.
  const [draft, setDraft] = useState<string | null>(null);
  // A page button pressed to the end of the list is disabled under the keyboard's focus, which
  // would fall to the page's start: it goes to the other button instead.
  const prev = useRef<HTMLButtonElement>(null);
  const next = useRef<HTMLButtonElement>(null);
  const pressed = useRef<'prev' | 'next' | null>(null);
  useEffect(() => {
    const stranded = (button: HTMLButtonElement | null) =>
      document.activeElement === button || document.activeElement === document.body;
    if (pressed.current === 'next' && page >= last && stranded(next.current)) prev.current?.focus();
    if (pressed.current === 'prev' && page <= 1 && stranded(prev.current)) next.current?.focus();
    pressed.current = null;
  }, [page, last]);
  const turn = (to: 'prev' | 'next') => {
    pressed.current = to;
    onPageChange(to === 'next' ? page + 1 : page - 1);
  };

  const commit = () => {
    if (draft === null) return;
    setDraft(null);
    const target = clampPage(Number(draft), last);
    if (target !== page) onPageChange(target);
  };

  // On a phone the two halves stack; the words never break inside, letter by letter.
  return (
    <Flex justify="space-between" align="center" wrap gap="middle" style={{ marginTop: 16, whiteSpace: 'nowrap' }}>
      <Flex align="center" gap="small">
        <Typography.Text>{t('table.showBy')}</Typography.Text>
        <Select
          data-testid="page-size"
          aria-label={t('table.showBy')}
          value={size}
          options={sizeOptions}
          onChange={(value: number) => onSizeChange(value)}
          style={{ width: 80 }}
        />
      </Flex>
      <Flex align="center" gap="small" wrap>
        <Typography.Text>{t('table.page')}</Typography.Text>
        <Input
          data-testid="page-input"
          aria-label={t('table.page')}
          inputMode="numeric"
          value={draft ?? String(page)}
          onChange={(event) => setDraft(sanitizePageInput(event.target.value))}
          onPressEnter={commit}
          onBlur={commit}
          style={{ width: 64, textAlign: 'center' }}
        />
        <Typography.Text data-testid="page-count">{t('table.ofPages', { count: last })}</Typography.Text>
        <Button
          data-testid="page-prev"
          aria-label={t('table.previous')}
          icon={<LeftOutlined aria-hidden />}
          ref={prev}
          disabled={page <= 1}
          onClick={() => turn('prev')}
        />
        <Button
          data-testid="page-next"
          aria-label={t('table.next')}
          icon={<RightOutlined aria-hidden />}
          ref={next}
          disabled={page >= last}
          onClick={() => turn('next')}
        />
      </Flex>
    </Flex>
  );
}
