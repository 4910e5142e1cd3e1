import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Checkbox, Flex, Modal, Typography, type TableColumnsType } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_PICKER_PAGE_SIZE } from '@evcms/contracts/common';
import { formatMessage } from '@evcms/contracts/messages';
import { errorText } from '../../lib/api-error.ts';
import { currentLang, useLang } from '../../lib/i18n.ts';
import { useConfirm } from '../confirm-modal.ts';
import { PagedTable } from '../paged-table/paged-table.tsx';
import { useLocalListParams } from '../paged-table/use-list-params.ts';
import { SearchInput } from '../search-input.tsx';
import { IconImage } from './icon-image.tsx';
import { catalogIcon, catalogTitle } from './catalog-item.tsx';
import {
  allCatalogItemsQueryOptions,
  catalogItemsQueryOptions,
  type CatalogItem,
  type CatalogKind,
  type CatalogListParams,
} from './catalog-queries.ts';
import {
  addItems,
  applyKeys,
  chosenItems,
  hasUnknown,
  removeItems,
  startSelection,
  type Selection,
} from './selection.ts';
import { focusOnceOpen } from '../dialog-focus/focus-once-open.ts';

export interface CatalogPickerProps {
  kind: CatalogKind;
  open: boolean;
  /** The ids chosen so far; every opening starts from them. */
  value: readonly number[];
  /**
   * Items the caller already has (the field passes what it shows), so Choose can return them
   * without asking the server for ids that are not on the pages the user looked at.
   */
  knownItems?: readonly CatalogItem[];
  /** The chosen items, in the order they were chosen. */
  onChoose: (items: CatalogItem[]) => void;
  onCancel: () => void;
}

/**
 * A searchable, paged list of the active tags or infrastructure items with row checkboxes kept
 * across pages and searches (spec 2.5). Chosen items that have become inactive are not listed
 * but stay chosen. Select-all takes every record of the current search: it sets the page size to
 * the total (at most the API's picker cap), so they arrive and show on one page.
 */
export function CatalogPicker({ kind, open, value, knownItems, onChoose, onCancel }: CatalogPickerProps) {
  const { t } = useTranslation('pickers');
  const lang = useLang();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const list = useLocalListParams();
  const [selection, setSelection] = useState<Selection>(() => new Map());
  const [wasOpen, setWasOpen] = useState(false);
  const [busy, setBusy] = useState<'all' | 'choose' | null>(null);
  const { confirmDiscard } = useConfirm();
  const searchBox = useRef<HTMLDivElement>(null);

  // Each opening starts afresh from the caller's value: no search, page 1, the default size.
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setSelection(startSelection(value, knownItems));
      list.reset();
    }
  }

  const params: CatalogListParams = { ...list.params, active: true };
  const query = useQuery({ ...catalogItemsQueryOptions(kind, params), enabled: open });
  const data = query.data;
  const rows = data?.items ?? [];
  // While another page or search loads, the rows shown are the previous ones: no bulk act on them.
  const settled = !!data && !query.isPlaceholderData;
  const chosenOnPage = rows.filter((row) => selection.has(row.id));
  const wholeSearchShown = !!data && rows.length >= data.total;
  const allChosen = rows.length > 0 && chosenOnPage.length === rows.length && wholeSearchShown;

  const failed = (error: unknown) => void message.error(errorText(error, formatMessage(currentLang(), 'server_error')));

  const selectAll = async () => {
    if (!data) return;
    if (wholeSearchShown) {
      setSelection((current) => addItems(current, rows));
      return;
    }
    const size = Math.min(data.total, MAX_PICKER_PAGE_SIZE);
    const everything: CatalogListParams = { page: 1, size, active: true };
    if (list.search) everything.search = list.search;
    setBusy('all');
    try {
      const page = await queryClient.fetchQuery(catalogItemsQueryOptions(kind, everything));
      setSelection((current) => addItems(current, page.items));
      // The table then asks for the very same page, which is in the cache now.
      list.setSize(size);
    } catch (error) {
      failed(error);
    } finally {
      setBusy(null);
    }
  };

  const choose = async () => {
    if (!hasUnknown(selection)) {
      onChoose(chosenItems(selection));
      return;
    }
    setBusy('choose');
    try {
      const all = await queryClient.fetchQuery(allCatalogItemsQueryOptions(kind));
      onChoose(chosenItems(selection, all.items));
    } catch (error) {
      failed(error);
    } finally {
      setBusy(null);
    }
  };

  // Cancel, X and Esc drop a changed choice only after asking, as the other dialogs do.
  const changed = selection.size !== value.length || value.some((id) => !selection.has(id));
  const cancel = async () => {
    if (!changed || (await confirmDiscard())) onCancel();
  };

  const columns: TableColumnsType<CatalogItem> = [
    { key: 'id', title: t('picker.id'), dataIndex: 'id', width: 80 },
    ...(kind === 'infrastructure'
      ? [
          {
            key: 'icon',
            title: t('picker.icon'),
            width: 72,
            render: (_: unknown, item: CatalogItem) => <IconImage src={catalogIcon(item)} size={24} />,
          },
        ]
      : []),
    { key: 'title', title: t('picker.name'), render: (_: unknown, item: CatalogItem) => catalogTitle(item, lang) },
  ];

  return (
    <Modal
      open={open}
      title={t(kind === 'tags' ? 'picker.tagsTitle' : 'picker.infrastructureTitle')}
      width={720}
      destroyOnHidden
      okText={t('picker.choose')}
      cancelText={t('picker.cancel')}
      okButtonProps={{ loading: busy === 'choose', disabled: busy === 'all' }}
      onOk={() => void choose()}
      onCancel={() => void cancel()}
      // The search takes the focus once the dialog has focused itself, so typing starts there.
      afterOpenChange={(open) => focusOnceOpen(open, () => searchBox.current?.querySelector('input')?.focus())}
      footer={(buttons) => (
        <Flex justify="space-between" align="center" gap="small">
          <Typography.Text type="secondary" data-testid="picker-count">
            {t('picker.chosen', { count: selection.size })}
          </Typography.Text>
          <Flex gap="small">{buttons}</Flex>
        </Flex>
      )}
    >
      <Flex vertical gap="middle">
        <div ref={searchBox}>
          <SearchInput value={list.search} onChange={list.setSearch} />
        </div>
        <PagedTable<CatalogItem>
          data={data}
          page={list.page}
          pageSize={list.size}
          onPageChange={list.setPage}
          onSizeChange={list.setSize}
          rowKey="id"
          columns={columns}
          loading={query.isFetching || busy === 'all'}
          error={query.isError ? query.error : undefined}
          onRetry={() => void query.refetch()}
          size="small"
          scroll={{ y: '50vh' }}
          rowSelection={{
            preserveSelectedRowKeys: true,
            selectedRowKeys: [...selection.keys()],
            onChange: (keys) => setSelection((current) => applyKeys(current, keys.map(Number), rows)),
            columnTitle: (
              <Checkbox
                aria-label={t('picker.selectAll')}
                checked={allChosen}
                indeterminate={chosenOnPage.length > 0 && !allChosen}
                disabled={!settled || !data?.total || busy !== null}
                onChange={() => (allChosen ? setSelection((current) => removeItems(current, rows)) : void selectAll())}
              />
            ),
          }}
        />
      </Flex>
    </Modal>
  );
}
