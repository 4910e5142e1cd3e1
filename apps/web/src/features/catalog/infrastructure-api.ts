import { localizedKeys, type LocalizedKey } from '@evcms/contracts/localized';
import type { InfrastructureItem } from '@evcms/contracts/catalog';
import { catalogResources, type CatalogListParams } from '../../components/catalog-picker/catalog-queries.ts';
import { resourceApi } from '../../lib/resource-api.ts';

type Titles = Record<LocalizedKey<'title'>, string>;

/** What an infrastructure create sends: the titles, the status and the chosen svg. */
export type InfrastructureCreateFields = Titles & { active: boolean; icon: File };

/** What an update sends: only the fields that changed; the icon only when a new file was chosen. */
export type InfrastructureChanges = Partial<Titles> & { active?: boolean; icon?: File };

/** The multipart body the infrastructure endpoints take: `active` as 'true'/'false', the icon as a file part. */
export function infrastructureFormData(fields: InfrastructureChanges): FormData {
  const data = new FormData();
  for (const name of localizedKeys('title')) {
    const value = fields[name];
    if (value !== undefined) data.append(name, value);
  }
  if (fields.active !== undefined) data.append('active', String(fields.active));
  if (fields.icon) data.append('icon', fields.icon, fields.icon.name);
  return data;
}

/**
 * /common/surroundings/: infrastructure around stations. Create and update are multipart (the
 * icon is a file); delete is refused with 409 while the item is active, and removes its icon file.
 */
export const infrastructureApi = resourceApi<{
  row: InfrastructureItem;
  params: CatalogListParams;
  item: InfrastructureItem;
  create: InfrastructureCreateFields;
  update: InfrastructureChanges;
  remove: true;
}>({ ...catalogResources.infrastructure, encode: infrastructureFormData });
