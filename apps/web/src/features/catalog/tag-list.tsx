import { useQuery } from '@tanstack/react-query';
import type { Tag } from '@evcms/contracts/catalog';
import { listTagsQueryOptions } from '../../components/catalog-picker/catalog-queries.ts';
import { useDeleteTag } from './api/delete-tag.ts';
import { useSetTagStatuses } from './api/set-tag-statuses.ts';
import { CatalogList, useCatalogListParams } from './catalog-list.tsx';
import { TagFormModal } from './tag-form.tsx';

/** /tags: the list of tags, with create, edit, delete and (bulk) status changes. */
export function TagListPage() {
  const state = useCatalogListParams();
  const query = useQuery(listTagsQueryOptions(state.params));
  const setStatuses = useSetTagStatuses();
  const remove = useDeleteTag();
  return (
    <CatalogList<Tag>
      kind="tags"
      state={state}
      query={query}
      setStatuses={setStatuses.mutateAsync}
      remove={remove.mutateAsync}
      renderForm={(tag, onClose) => <TagFormModal tag={tag} onClose={onClose} />}
    />
  );
}
