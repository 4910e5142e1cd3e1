/*
 * Query keys of the merchants feature. Every key starts with `merchants`, so a change (create,
 * update, statuses) invalidates all of them at once: lists, detail pages and edit forms.
 */
export const merchantKeys = {
  all: ['merchants'] as const,
  lists: ['merchants', 'list'] as const,
  detail: (id: number) => ['merchants', 'detail', id] as const,
  forUpdate: (id: number) => ['merchants', 'for-update', id] as const,
};
