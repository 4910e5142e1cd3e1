import type { Location, LocationType } from '@evcms/contracts/catalog';
import type { Lang } from '@evcms/contracts/i18n';
import type { Db } from '../../db/client.ts';
import { inLanguage } from '../../lib/lang.ts';
import { byName } from './catalog.rules.ts';
import * as repo from './locations.repository.ts';

/** The home country leads the country list; the rest, and every other list, go by name. */
export const HOME_COUNTRY = 'KG';

function named(row: { id: number; nameRu: string; nameEn: string; nameKy: string }, lang: Lang) {
  return {
    id: row.id,
    name: inLanguage({ ru: row.nameRu, en: row.nameEn, ky: row.nameKy }, lang),
    name_ru: row.nameRu,
    name_en: row.nameEn,
    name_ky: row.nameKy,
  };
}

export async function listLocations(
  db: Db,
  query: { location_type: LocationType; country_id?: number | undefined; district_id?: number | undefined },
  lang: Lang,
): Promise<Location[]> {
  switch (query.location_type) {
    case 'countries': {
      const rows = await repo.listCountries(db);
      const home = rows.filter((row) => row.code === HOME_COUNTRY);
      const others = rows.filter((row) => row.code !== HOME_COUNTRY);
      return [...home, ...byName(others, (row) => named(row, lang).name, lang)].map((row) => named(row, lang));
    }
    case 'districts': {
      const rows = await repo.listDistricts(db, { countryId: query.country_id });
      return byName(
        rows.map((row) => ({ ...named(row, lang), country_id: row.countryId })),
        (item) => item.name,
        lang,
      );
    }
    case 'settlements': {
      const rows = await repo.listSettlements(db, { countryId: query.country_id, districtId: query.district_id });
      return byName(
        rows.map((row) => ({ ...named(row, lang), country_id: row.countryId, district_id: row.districtId })),
        (item) => item.name,
        lang,
      );
    }
  }
}
