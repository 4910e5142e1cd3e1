import type { Tag, TagCreateRequest, TagUpdateRequest } from '@evcms/contracts/catalog';
import { catalogResources, type CatalogListParams } from '../../components/catalog-picker/catalog-queries.ts';
import { resourceApi } from '../../lib/resource-api.ts';

/** /common/tags/: list, create, update, statuses and delete (refused with 409 while a tag is active). */
export const tagsApi = resourceApi<{
  row: Tag;
  params: CatalogListParams;
  item: Tag;
  create: TagCreateRequest;
  update: TagUpdateRequest;
  remove: true;
}>(catalogResources.tags);
