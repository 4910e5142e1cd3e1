import type { Localized } from '@evcms/contracts/localized';
import type { FastifyBaseLogger } from 'fastify';
import { STATUS_ACTIVE, type Status } from '@evcms/contracts/status';
import type { Database } from '../../db/client.ts';
import type { MediaStore } from '../../lib/uploads.ts';
import { createInfrastructure } from '../../modules/catalog/infrastructure.service.ts';
import { createTag } from '../../modules/catalog/tags.service.ts';
import { next } from './sequence.ts';

/** Fixed ids of the seeded reference locations (drizzle/0002_locations_seed.sql). */
export const KYRGYZSTAN = 1;
export const KAZAKHSTAN = 2;
export const BISHKEK_CITY_DISTRICT = 1;
export const CHUY_REGION = 9;
export const BISHKEK = 1;
export const TOKMOK = 9;
export const ALMATY = 55;

/** `English` -> { ru: 'English ru', en: 'English', ky: 'English ky' }: readable, and different per language. */
export function titled(english: string): Localized {
  return { ru: `${english} ru`, en: english, ky: `${english} ky` };
}

const titleFields = (english: string) => {
  const title = titled(english);
  return { title_ru: title.ru, title_en: title.en, title_ky: title.ky };
};

/** A tag titled `english` in English (and in the other languages after it), active unless told. */
export function aTag(database: Database, english = `Tag ${next()}`, status: Status = STATUS_ACTIVE) {
  return createTag({ db: database.db }, { ...titleFields(english), active: status === STATUS_ACTIVE });
}

const ICON = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><rect width="1" height="1"/></svg>',
);

/** A media store that writes nothing: an icon is "stored" as `<folder>/<name>.<extension>`. */
const iconsByName = (name: string): MediaStore => ({
  save: async (folder, extension) => `${folder}/${name}.${extension}`,
  keep: () => Promise.reject(new Error('the builders keep no uploads')),
  copy: () => Promise.reject(new Error('the builders copy no uploads')),
  remove: async () => undefined,
  list: async () => [],
});

/** An infrastructure item whose icon is stored as `surroundings/<english>.svg` (no file is written). */
export function anInfrastructureItem(database: Database, english = `Item ${next()}`, status: Status = STATUS_ACTIVE) {
  const icon = { filename: 'icon.svg', mimetype: 'image/svg+xml', bytes: ICON, size: ICON.length };
  const deps = {
    db: database.db,
    media: iconsByName(english),
    log: { warn: () => undefined } as unknown as FastifyBaseLogger,
  };
  return createInfrastructure(deps, { ...titleFields(english), active: status === STATUS_ACTIVE, icon });
}
