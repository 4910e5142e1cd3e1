import type { QueryClient, UseMutationOptions, UseMutationResult } from '@tanstack/react-query';
import { App } from 'antd';
import { useState, type ReactNode } from 'react';
import { formatMessage } from '@evcms/contracts/messages';
import type { Status, StatusesRequest } from '@evcms/contracts/status';
import { errorText } from '../../lib/api-error.ts';
import { currentLang } from '../../lib/i18n.ts';
import { useResourceMutation } from '../../lib/resource-api.ts';
import { useConfirm } from '../confirm-modal.ts';

export interface RowActionTexts {
  /** The confirmation's question, and what it adds below it. */
  title: ReactNode;
  content?: ReactNode;
  /** Said once it is done; nothing when not given. */
  done?: string;
}

/** The house's delete question in a feature's texts: `list.delete_title` with the row's name, `list.delete_content`, `list.deleted`. */
export function listDeleteTexts(t: (key: string, values?: { name: string }) => string, name: string): RowActionTexts {
  return { title: t('list.delete_title', { name }), content: t('list.delete_content'), done: t('list.deleted') };
}

/** The house's status question in a feature's texts: `list.confirm_activate` or `list.confirm_deactivate` with the row's name, then `list.activated` or `list.deactivated`. */
export function listStatusTexts(
  t: (key: string, values?: { name: string }) => string,
  name: string,
  active: boolean,
): RowActionTexts {
  return {
    title: t(active ? 'list.confirm_deactivate' : 'list.confirm_activate', { name }),
    done: t(active ? 'list.deactivated' : 'list.activated'),
  };
}

/** After a delete, for `remove`'s `afterDelete`: the last row of a later page gone, the page before is shown rather than an empty one. */
export function showPageBeforeIfEmptied(screen: {
  list: { page: number; setPage: (page: number) => void };
  query: { data?: { items: readonly unknown[] } };
}): () => void {
  const { page } = screen.list;
  const lastRow = screen.query.data?.items.length === 1;
  return () => {
    if (page > 1 && lastRow) screen.list.setPage(page - 1);
  };
}

/**
 * A list's acts on one of its rows, each asked first in a confirmation: a new status (the bulk
 * call with one id, so a refused activation, 409, names why) and a delete ('Yes' painted red). A
 * refusal is told in a notification in the server's words, and the confirmation closes either way.
 */
export function useRowActions<Row extends { id: number }>(
  screen: { setStatuses: UseMutationResult<Row[], Error, StatusesRequest> },
  removeOptions: (queryClient: QueryClient) => UseMutationOptions<void, Error, number>,
) {
  const { message, notification } = App.useApp();
  const { confirm } = useConfirm();
  const remove = useResourceMutation(removeOptions);
  const [toggling, setToggling] = useState<number | null>(null);

  // What both acts do with the server's answer; `after` runs once the success is said. Never rejects.
  const attempt = async (act: () => Promise<unknown>, done: string | undefined, after?: () => void) => {
    try {
      await act();
      if (done) void message.success(done);
      after?.();
    } catch (error) {
      notification.error({ title: errorText(error, formatMessage(currentLang(), 'server_error')) });
    }
  };

  return {
    /** The row whose status waits for the server (its switch spins). */
    toggling,
    setStatus: (row: Row, status: Status, { title, content, done }: RowActionTexts) =>
      confirm({
        title,
        content,
        onOk: async () => {
          setToggling(row.id);
          await attempt(() => screen.setStatuses.mutateAsync({ ids: [row.id], status }), done);
          setToggling(null);
        },
      }),
    /** `afterDelete` runs once the row is gone (the list's page to show next). */
    remove: (row: Row, { title, content, done }: RowActionTexts, afterDelete?: () => void) =>
      confirm({
        title,
        content,
        danger: true,
        onOk: () => attempt(() => remove.mutateAsync(row.id), done, afterDelete),
      }),
  };
}
