import { stationCreateRequest, stationUpdateRequest, type StationUpdateRequest } from '@evcms/contracts/stations';
import type { Status } from '@evcms/contracts/status';
import type { Database } from '../../db/client.ts';
import {
  createStation,
  setStationStatuses,
  updateStation,
  type StationsDeps,
} from '../../modules/stations/stations.service.ts';
import type { FilePart } from '../multipart.ts';
import { theBuildersManager } from './accounts.ts';
import { BISHKEK, KYRGYZSTAN, titled } from './catalog.ts';
import { next } from './sequence.ts';

/** The smallest real images and video the type check reads from their bytes: a 1x1 png and jpeg, an mp4 header. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
export const TINY_JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  'base64',
);
export const TINY_MP4 = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from('ftypisom', 'ascii'),
  Buffer.from([0, 0, 2, 0]),
  Buffer.from('isomiso2', 'ascii'),
  Buffer.from([0, 0, 0, 8]),
  Buffer.from('free', 'ascii'),
]);

/** A station's identity, unique per call. */
export function aStationIdentity(): string {
  return `CP-${next()}-${Date.now().toString(36)}`;
}

/**
 * The fields of a valid station create form for `merchantId`, as `multipartForm` sends them: one
 * working day, one connector in module 1, one photo. Overrides replace or add fields.
 */
export function aStationForm(
  merchantId: number,
  overrides: Record<string, string | FilePart> = {},
): Record<string, string | FilePart> {
  const n = next();
  return {
    name_ru: `Станция ${n}`,
    name_en: `Station ${n}`,
    name_ky: `Станция ${n} ky`,
    identity: aStationIdentity(),
    password: 'Abcdefgh12345678',
    pic: 'Aibek Responsible',
    address_ru: 'Чуй 1',
    address_en: 'Chui 1',
    address_ky: 'Чүй 1',
    latitude: '42.87',
    longitude: '74.59',
    merchant: String(merchantId),
    country: String(KYRGYZSTAN),
    city: String(BISHKEK),
    'schedule[0][day]': '0',
    'schedule[0][start_time]': '09:00:00',
    'schedule[0][end_time]': '18:00:00',
    'schedule[0][is_break]': 'false',
    'connectors[0][evse_id]': '1',
    'connectors[0][typo]': 'type2',
    'connectors[0][position]': '1',
    'connectors[0][power_kWh]': '22',
    'media_files[0]': { filename: 'front.png', content: TINY_PNG, type: 'image/png' },
    ...overrides,
  };
}

/**
 * The stations service without files (a media store that "keeps" a photo under its name and writes
 * nothing), its password hashes keyed by `passwordKey`: the builders' own key unless told, so the
 * app, keyed by its own, takes no station password they set.
 */
export function stationsDeps(database: Database, passwordKey = 'the-builders-key'): StationsDeps {
  return {
    db: database.db,
    passwordKey,
    media: { keep: async (file, folder) => `${folder}/${file.filename}`, remove: async () => undefined },
  };
}

/** A photo as the multipart hook hands it over (nothing on disk: the builders' store moves nothing). */
const aPhoto = () => ({
  filename: `photo-${next()}.png`,
  mimetype: 'image/png',
  size: TINY_PNG.length,
  type: 'png' as const,
  tempPath: '/nonexistent',
});

/**
 * A station made through the stations service (one photo, no file written), its creation's news
 * event by the builders' manager: for tests of lists, statuses, deletion and connectors that do
 * not need the create form. Its password is known to nobody.
 */
export async function aStation(
  database: Database,
  merchantId: number,
  overrides: {
    name?: string;
    status?: Status;
    connectors?: { evseId: number; position: number; typo?: string; customFeeTyiyn?: number | null }[];
  } = {},
) {
  const n = next();
  const english = overrides.name ?? `Station ${n}`;
  const [name, address] = [titled(english), titled(`Street ${n}`)];
  const identity = aStationIdentity();
  const input = stationCreateRequest.parse({
    name_ru: name.ru,
    name_en: name.en,
    name_ky: name.ky,
    address_ru: address.ru,
    address_en: address.en,
    address_ky: address.ky,
    identity,
    password: `Unknown${n}Key2024abcd`,
    pic: 'Aibek',
    latitude: '42.87',
    longitude: '74.59',
    merchant: merchantId,
    country: KYRGYZSTAN,
    city: BISHKEK,
    schedule: [{ day: 0, start_time: '09:00:00', end_time: '18:00:00', is_break: false }],
    connectors: (overrides.connectors ?? [{ evseId: 1, position: 1 }]).map((connector) => ({
      evse_id: connector.evseId,
      typo: connector.typo ?? 'type2',
      position: connector.position,
      power_kWh: '22',
      custom_fee: connector.customFeeTyiyn == null ? null : (connector.customFeeTyiyn / 100).toFixed(2),
    })),
  });
  const deps = stationsDeps(database);
  const { id } = await createStation(deps, { ...input, media_files: [aPhoto()] }, await theBuildersManager(database));
  if (overrides.status !== undefined) await setStationStatuses(deps, { ids: [id], status: overrides.status });
  return { id, identity, name: english };
}

/** Changes a station through the stations service, as the edit form would (no files); `passwordKey` is the app's to set a password it takes. */
export async function changeStation(
  database: Database,
  id: number,
  changes: StationUpdateRequest,
  passwordKey?: string,
) {
  return updateStation(stationsDeps(database, passwordKey), id, stationUpdateRequest.parse(changes));
}
