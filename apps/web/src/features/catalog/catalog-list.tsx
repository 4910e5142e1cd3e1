import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { UseQueryResult } from '@tanstack/react-query';
import { Alert, App, Button, Card, Flex, Select, Switch, Tooltip, Typography, type TableColumnsType } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { STATUS_ACTIVE, STATUS_INACTIVE, type StatusesRequest } from '@evcms/contracts/catalog';
import type { Paged } from '@evcms/contracts/common';
import { formatMessage } from '@evcms/contracts/messages';
import { BulkStatusButton } from '../../components/bulk-status/bulk-status-button.tsx';
import type { CatalogItem, CatalogKind, CatalogListParams } from '../../components/catalog-picker/catalog-queries.ts';
import { useConfirm } from '../../components/confirm-modal.ts';
import { PagedTable } from '../../components/paged-table/paged-table.tsx';
import { useListParams } from '../../components/paged-table/use-list-params.ts';
import { SearchInput } from '../../components/search-input.tsx';
import { errorText } from '../../lib/api-error.ts';
import { currentLang } from '../../lib/i18n.ts';

/** The list's state in the URL, and the query it gives (a malformed `active` in the URL is ignored). */
export function useCatalogListParams() {
  const list = useListParams({ filters: ['active'] });
  const active = list.filters.active === 'true' || list.filters.active === 'false' ? list.filters.active : undefined;
  const params: CatalogListParams = { ...list.params, active };
  return { list, params, active };
}

export type CatalogListState = ReturnType<typeof useCatalogListParams>;

export interface CatalogListProps<T extends CatalogItem> {
  /** Picks the texts (`catalog:tags.*` or `catalog:surroundings.*`). */
  kind: CatalogKind;
  state: CatalogListState;
  query: UseQueryResult<Paged<T>>;
  /** Columns shown after the title (the infrastructure icon). */
  extraColumns?: TableColumnsType<T>;
  setStatuses: (body: StatusesRequest) => Promise<unknown>;
  remove: (id: number) => Promise<unknown>;
  /** The create / edit dialog; `item` is absent for create. */
  renderForm: (item: T | undefined, onClose: () => void) => ReactNode;
}

type Editing<T> = { item?: T } | null;

/**
 * A tag or infrastructure list: search, status filter, a paged table with a status switch, edit
 * and delete, and row selection with the bulk status button.
 */
export function CatalogList<T extends CatalogItem>(props: CatalogListProps<T>) {
  const { kind, state, query, extraColumns = [], setStatuses, remove, renderForm } = props;
  const { list, params, active } = state;
  const { t } = useTranslation('catalog');
  const { message, notification } = App.useApp();
  const { confirm } = useConfirm();
  const [editing, setEditing] = useState<Editing<T>>(null);
  const [toggling, setToggling] = useState<number | null>(null);

  // The selection belongs to the rows on screen: another page, search or filter starts afresh.
  // Ids are kept in the order they were picked (the bulk rule reads the first one), and the rows
  // are taken from the current answer, so a status changed meanwhile is seen.
  const paramsKey = JSON.stringify(params);
  const [selection, setSelection] = useState<{ key: string; ids: number[] }>({ key: paramsKey, ids: [] });
  const selectedIds = selection.key === paramsKey ? selection.ids : [];
  const items = query.data?.items ?? [];
  const selected = selectedIds.flatMap((id) => items.filter((item) => item.id === id));
  const clearSelection = () => setSelection({ key: paramsKey, ids: [] });

  const showError = (error: unknown) =>
    notification.error({ title: errorText(error, formatMessage(currentLang(), 'server_error')) });

  const toggle = (item: T) =>
    confirm({
      title: t(item.active ? `${kind}.deactivate_title` : `${kind}.activate_title`, { title: item.title }),
      onOk: async () => {
        setToggling(item.id);
        try {
          await setStatuses({ ids: [item.id], status: item.active ? STATUS_INACTIVE : STATUS_ACTIVE });
        } catch (error) {
          showError(error);
        } finally {
          setToggling(null);
        }
      },
    });

  const confirmDelete = (item: T) =>
    confirm({
      title: t(`${kind}.delete_title`, { title: item.title }),
      content: t('list.delete_content'),
      danger: true,
      onOk: async () => {
        try {
          await remove(item.id);
          void message.success(t(`${kind}.deleted`));
        } catch (error) {
          // A 409 (it became active meanwhile) carries the server's explanation.
          showError(error);
        }
      },
    });

  const columns: TableColumnsType<T> = [
    { key: 'id', title: t('list.id'), dataIndex: 'id', width: 90 },
    { key: 'title', title: t('list.title'), dataIndex: 'title' },
    ...extraColumns,
    {
      key: 'status',
      title: t('list.status'),
      width: 120,
      render: (_, item) => (
        <Switch
          aria-label={t('form.active')}
          checked={item.active}
          loading={toggling === item.id}
          onChange={() => void toggle(item)}
        />
      ),
    },
    {
      key: 'actions',
      title: t('list.actions'),
      width: 120,
      render: (_, item) => (
        <Flex gap="small">
          <Tooltip title={t('list.edit')}>
            <Button aria-label={t('list.edit')} icon={<EditOutlined />} onClick={() => setEditing({ item })} />
          </Tooltip>
          <Tooltip title={item.active ? t(`${kind}.delete_active`) : t('list.delete')}>
            <Button
              aria-label={t('list.delete')}
              danger
              icon={<DeleteOutlined />}
              disabled={item.active}
              onClick={() => void confirmDelete(item)}
            />
          </Tooltip>
        </Flex>
      ),
    },
  ];

  const filtered = Boolean(params.search || active);
  const filterOptions = [
    { value: '', label: t('list.all') },
    { value: 'true', label: t('list.active') },
    { value: 'false', label: t('list.inactive') },
  ];

  return (
    <Card>
      <Flex vertical gap="middle">
        <Flex justify="space-between" wrap gap="middle">
          <Flex wrap gap="middle">
            <SearchInput value={list.search} onChange={list.setSearch} placeholder={t('list.search')} style={{ width: 300 }} />
            <Select
              aria-label={t('list.status')}
              value={active ?? ''}
              options={filterOptions}
              onChange={(value: string) => list.setFilter('active', value)}
              style={{ width: 180 }}
            />
          </Flex>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})}>
            {t(`${kind}.create`)}
          </Button>
        </Flex>
        {selected.length > 0 && (
          <Flex align="center" gap="middle" data-testid="bulk-bar">
            <Typography.Text>{t('components:bulk.selected', { count: selected.length })}</Typography.Text>
            <BulkStatusButton
              selected={selected}
              onChange={async (status) => {
                await setStatuses({ ids: selected.map((item) => item.id), status });
                clearSelection();
              }}
            />
          </Flex>
        )}
        {query.isError && <Alert type="error" showIcon title={t('list.load_failed')} description={query.error.message} />}
        <PagedTable<T>
          rowKey="id"
          columns={columns}
          data={query.data}
          loading={query.isFetching}
          page={list.page}
          pageSize={list.size}
          onPageChange={list.setPage}
          onSizeChange={list.setSize}
          locale={filtered ? { emptyText: t('list.nothing_found') } : undefined}
          rowSelection={{
            selectedRowKeys: selected.map((item) => item.id),
            onChange: (keys) => setSelection({ key: paramsKey, ids: keys.map(Number) }),
          }}
        />
      </Flex>
      {editing && renderForm(editing.item, () => setEditing(null))}
    </Card>
  );
}
