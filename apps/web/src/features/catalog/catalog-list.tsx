import type { QueryClient, UseMutationOptions, UseQueryOptions } from '@tanstack/react-query';
import { Switch, type TableColumnsType } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Paged } from '@evcms/contracts/common';
import { statusOf } from '@evcms/contracts/status';
import type { CatalogItem, CatalogKind } from '../../components/catalog-picker/catalog-queries.ts';
import { CreateButton } from '../../components/list-screen/create-button.tsx';
import { ListCard } from '../../components/list-screen/list-card.tsx';
import { ListScreenTable } from '../../components/list-screen/list-screen-table.tsx';
import { ListToolbar } from '../../components/list-screen/list-toolbar.tsx';
import { editDeleteColumn } from '../../components/list-screen/row-buttons.tsx';
import {
  useListScreen,
  type ListScreenParams,
  type ListStatuses,
} from '../../components/list-screen/use-list-screen.ts';
import { useRowActions } from '../../components/list-screen/use-row-actions.ts';

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
  const screen = useListScreen<T>({
    query: api.listQueryOptions,
    statuses: { isActive, setStatuses: api.setStatuses },
  });
  const actions = useRowActions(screen, api.remove);
  const [editing, setEditing] = useState<Editing<T>>(null);

  // The same call as the bulk button, with one id (decisions: catalogue screens).
  const toggle = (item: T) =>
    actions.setStatus(item, statusOf(!item.active), {
      title: t(item.active ? `${kind}.deactivate_title` : `${kind}.activate_title`, { title: item.title }),
    });

  // A 409 (it became active meanwhile) carries the server's explanation.
  const confirmDelete = (item: T) =>
    actions.remove(item, {
      title: t(`${kind}.delete_title`, { title: item.title }),
      content: t('list.delete_content'),
      done: t(`${kind}.deleted`),
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
          loading={actions.toggling === item.id}
          onChange={() => void toggle(item)}
        />
      ),
    },
    editDeleteColumn({
      t,
      width: 120,
      edit: (item) => setEditing({ item }),
      remove: (item) => void confirmDelete(item),
      deleteRefusal: (item) => item.active && t(`${kind}.delete_active`),
    }),
  ];

  return (
    <>
      <ListCard>
        <ListToolbar
          screen={screen}
          searchLabel={t('list.search')}
          actions={<CreateButton onClick={() => setEditing({})}>{t(`${kind}.create`)}</CreateButton>}
        />
        <ListScreenTable<T> screen={screen} columns={columns} />
      </ListCard>
      {editing && renderForm(editing.item, () => setEditing(null))}
    </>
  );
}
