import type { Tag } from '@evcms/contracts/catalog';
import { CatalogList } from './catalog-list.tsx';
import { TagFormModal } from './tag-form.tsx';
import { tagsApi } from './tags-api.ts';

/** /tags: the list of tags, with create, edit, delete and (bulk) status changes. */
export function TagListPage() {
  return (
    <CatalogList<Tag>
      kind="tags"
      api={tagsApi}
      renderForm={(tag, onClose) => <TagFormModal tag={tag} onClose={onClose} />}
    />
  );
}
