import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { QueryClient, UseMutationOptions, UseQueryOptions } from '@tanstack/react-query';
import { App, Button, Card, Flex, Switch, Tooltip, type TableColumnsType } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Paged } from '@evcms/contracts/common';
import { formatMessage } from '@evcms/contracts/messages';
import { statusOf } from '@evcms/contracts/status';
import type { CatalogItem, CatalogKind } from '../../components/catalog-picker/catalog-queries.ts';
import { useConfirm } from '../../components/confirm-modal.ts';
import { ListScreenTable } from '../../components/list-screen/list-screen-table.tsx';
import { ListToolbar } from '../../components/list-screen/list-toolbar.tsx';
import {
  useListScreen,
  type ListScreenParams,
  type ListStatuses,
} from '../../components/list-screen/use-list-screen.ts';
import { errorText } from '../../lib/api-error.ts';
import { currentLang } from '../../lib/i18n.ts';
import { useResourceMutation } from '../../lib/resource-api.ts';

export interface CatalogListProps<T extends CatalogItem> {
  /** Picks the texts (`catalog:tags.*` or `catalog:infrastructure.*`). */
  kind: CatalogKind;
  /** The kind's calls: list, statuses and delete. */
  api: Pick<ListStatuses<T>, 'setStatuses'> & {
    listQueryOptions: (params: ListScreenParams) => UseQueryOptions<Paged<T>, Error, Paged<T>, readonly unknown[]>;
    remove: (queryClient: QueryClient) => UseMutationOptions<void, Error, number>;
  };
  /** Columns shown after the title (the infrastructure icon). */
  extraColumns?: TableColumnsType<T>;
  /** The create / edit dialog; `item` is absent for create. */
  renderForm: (item: T | undefined, onClose: () => void) => ReactNode;
}

type Editing<T> = { item?: T } | null;

const isActive = (item: CatalogItem) => item.active;

/**
 * A tag or infrastructure list: search, status filter, a paged table with a status switch, edit
 * and delete, and row selection with the bulk status button.
 */
export function CatalogList<T extends CatalogItem>({ kind, api, extraColumns = [], renderForm }: CatalogListProps<T>) {
  const { t } = useTranslation('catalog');
  const { message, notification } = App.useApp();
  const { confirm } = useConfirm();
  const screen = useListScreen<T>({
    query: api.listQueryOptions,
    statuses: { isActive, setStatuses: api.setStatuses },
  });
  const remove = useResourceMutation(api.remove);
  const [editing, setEditing] = useState<Editing<T>>(null);
  const [toggling, setToggling] = useState<number | null>(null);

  const showError = (error: unknown) =>
    notification.error({ title: errorText(error, formatMessage(currentLang(), 'server_error')) });

  // The same call as the bulk button, with one id (decisions: catalogue screens).
  const toggle = (item: T) =>
    confirm({
      title: t(item.active ? `${kind}.deactivate_title` : `${kind}.activate_title`, { title: item.title }),
      onOk: async () => {
        setToggling(item.id);
        try {
          await screen.setStatuses.mutateAsync({ ids: [item.id], status: statusOf(!item.active) });
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
          await remove.mutateAsync(item.id);
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
            <Button
              aria-label={t('list.edit')}
              icon={<EditOutlined aria-hidden />}
              onClick={() => setEditing({ item })}
            />
          </Tooltip>
          <Tooltip title={item.active ? t(`${kind}.delete_active`) : t('list.delete')}>
            <Button
              aria-label={t('list.delete')}
              danger
              icon={<DeleteOutlined aria-hidden />}
              disabled={item.active}
              onClick={() => void confirmDelete(item)}
            />
          </Tooltip>
        </Flex>
      ),
    },
  ];

  return (
    <Card>
      <Flex vertical gap="middle">
        <ListToolbar
          screen={screen}
          searchLabel={t('list.search')}
          actions={
            <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setEditing({})}>
              {t(`${kind}.create`)}
            </Button>
          }
        />
        <ListScreenTable<T> screen={screen} columns={columns} />
      </Flex>
      {editing && renderForm(editing.item, () => setEditing(null))}
    </Card>
  );
}
