import {
  CONNECTOR_POSITIONS,
  CONNECTOR_TYPES,
  type Dictionary,
  type InfrastructureItem,
  type Location,
  type Tag,
} from '@evcms/contracts/catalog';
import type { Lang } from '@evcms/contracts/i18n';
import { presentLocalized } from '@evcms/contracts/localized';
import { isActive } from '@evcms/contracts/status';
import { mediaUrl } from '../../lib/uploads.ts';
import { byName } from './catalog.rules.ts';
import type { InfrastructureRecord } from './infrastructure.service.ts';
import type { LocationRecord } from './locations.service.ts';
import type { TagRecord } from './tags.service.ts';

/** The catalogue's records as the API answers them, in the request's language. */

export function presentTag(tag: TagRecord, lang: Lang): Tag {
  return { id: tag.id, ...presentLocalized('title', tag.title, lang), active: isActive(tag.status) };
}

export function presentInfrastructure(item: InfrastructureRecord, lang: Lang): InfrastructureItem {
  return { ...presentTag(item, lang), icon_path: mediaUrl(item.icon) };
}

/** The home country leads the country list; the rest, and every other list, go by name. */
export const HOME_COUNTRY = 'KG';

export function presentLocations(records: readonly LocationRecord[], lang: Lang): Location[] {
  const home = records.filter((record) => record.code === HOME_COUNTRY);
  const others = byName(
    records.filter((record) => record.code !== HOME_COUNTRY),
    (record) => record.name[lang],
    lang,
  );
  return [...home, ...others].map(({ id, name, countryId, districtId }) => ({
    id,
    ...presentLocalized('name', name, lang),
    ...(countryId !== undefined && { country_id: countryId }),
    ...(districtId !== undefined && { district_id: districtId }),
  }));
}

/** Connector types or positions as key -> name in the request's language, in the order the contracts list them. */
export function presentDictionary(info: 'types' | 'positions', lang: Lang): Dictionary {
  const entries: [string, Record<Lang, string>][] = Object.entries(
    info === 'types' ? CONNECTOR_TYPES : CONNECTOR_POSITIONS,
  );
  return Object.fromEntries(entries.map(([key, names]) => [key, names[lang]]));
}
