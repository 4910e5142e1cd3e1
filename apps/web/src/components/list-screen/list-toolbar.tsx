import { Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BulkStatusButton } from '../bulk-status/bulk-status-button.tsx';
import { ListSearch } from '../search-input.tsx';
import { StatusFilter } from './status-filter.tsx';
import type { ListScreen } from './use-list-screen.ts';

export interface ListToolbarProps<Row extends { id: number }> {
  screen: ListScreen<Row>;
  /** What the search matches, as its placeholder and accessible name. */
  searchLabel: string;
  searchWidth?: number;
  /** The screen's own filters, after the status filter. */
  filters?: ReactNode;
  /** The screen's own buttons (create), at the end. */
  actions?: ReactNode;
}

/**
 * Above a list with statuses: search, status filter and the screen's own filters, and while rows are selected their count
 * and the one bulk Activate / Deactivate button (spec 4), then the screen's create button.
 */
export function ListToolbar<Row extends { id: number }>({
  screen,
  searchLabel,
  searchWidth = 300,
  filters,
  actions,
}: ListToolbarProps<Row>) {
  const { t } = useTranslation('components');
  return (
    <Flex justify="space-between" wrap gap="middle">
      {/* The search keeps its width but never outgrows the line, so a phone does not scroll sideways. */}
      <Flex wrap gap="middle" style={{ maxWidth: '100%', minWidth: 0 }}>
        <ListSearch list={screen.list} label={searchLabel} width={searchWidth} />
        <StatusFilter value={screen.active} onChange={screen.setActive} />
        {filters}
      </Flex>
      <Flex wrap gap="middle" align="center">
        {screen.selected.length > 0 && (
          <Flex align="center" gap="middle" data-testid="bulk-bar">
            <Typography.Text>{t('bulk.selected', { count: screen.selected.length })}</Typography.Text>
            <BulkStatusButton selected={screen.selectedStatuses} onChange={screen.changeSelected} />
          </Flex>
        )}
        {actions}
      </Flex>
    </Flex>
  );
}
