import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ConnectorType } from '@evcms/contracts/catalog';
import { localizedFields } from '@evcms/contracts/localized';
import { stationCreateRequest, stationUpdateRequest } from '@evcms/contracts/stations';
import { STATUS_ACTIVE } from '@evcms/contracts/status';
import { randomToken } from '../lib/secrets.ts';
import { INCOMING_FOLDER } from '../lib/upload-temp-files.ts';
import {
  createStation,
  setStationStatuses,
  updateStation,
  type StationsDeps,
} from '../modules/stations/stations.service.ts';
import type { NetworkDeps, Catalog, DemoItem } from './demo-network.ts';
import { DAY } from './demo-history.ts';
import { stationPhoto } from './demo-image.ts';
import { aResponsiblePerson } from './demo-people.ts';
import { KITS, KYRGYZSTAN, MERCHANTS, TOWNS, type DemoSite, type Town } from './demo-places.ts';
import type { Random } from './demo-random.ts';

/*
 * The demo's stations, created through the stations service with a generated photo moved into the
 * media store as an upload would be, then switched on. Answers what the charge history needs.
 */

export interface DemoConnector {
  ocppId: number;
  typo: ConnectorType;
  kw: number;
  /** The connector's energy register, Wh: it only goes up, charge after charge. */
  meterWh: number;
  /** When the connector is free again (ms). */
  freeAt: number;
}

export interface DemoStation {
  id: number;
  town: Town;
  popularity: number;
  /** Opening hours in Bishkek (from, to), or round the clock. */
  hours: readonly [number, number] | null;
  /** Charges come after it opened; a station opening later than now is not switched on yet. */
  openedAt: number;
  connectors: DemoConnector[];
}

const ROUND_THE_CLOCK = [0, 1, 2, 3, 4, 5, 6].map((day) => ({
  day,
  start_time: '00:00:00',
  end_time: '00:00:00',
  is_break: false,
}));
const MANUFACTURERS = {
  hub: 'Kempower',
  dc150: 'ABB',
  dc60: 'Star Charge',
  chademo: 'Delta',
  ac22: 'Autel',
  ac7: 'XCharge',
} as const;
const REGIONS: readonly Town[] = ['karakol', 'cholponAta', 'naryn', 'talas'];
const ALNUM = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/** `KG-BIS-001`: the town and the site's number; DEMO_IDENTITY finds them again (the live demo). */
const demoIdentity = (town: Town, index: number) =>
  `KG-${town.slice(0, 3).toUpperCase()}-${String(index + 1).padStart(3, '0')}`;
export const DEMO_IDENTITY = /^KG-[A-Z]{3}-\d{3}$/;

/** A photo written where the multipart hook puts uploads, so the store keeps it by a rename, as it keeps an upload. */
async function photoUpload(uploadsDir: string, site: DemoSite, variant: number) {
  const tempPath = path.join(uploadsDir, INCOMING_FOLDER, randomToken(16));
  const bytes = stationPhoto(MERCHANTS[site.merchant]!.colour, variant);
  await mkdir(path.dirname(tempPath), { recursive: true });
  await writeFile(tempPath, bytes);
  return {
    filename: `station-${variant + 1}.png`,
    mimetype: 'image/png',
    size: bytes.length,
    type: 'png' as const,
    tempPath,
  };
}

function items(random: Random, catalog: Catalog): number[] {
  const chosen: DemoItem[] = [
    'parking',
    ...(['cafe', 'wifi', 'toilet', 'shop'] as const).filter(() => random.chance(0.4)),
  ];
  return chosen.map((item) => catalog.infrastructure[item]);
}

export interface StationsInput {
  deps: NetworkDeps & Pick<StationsDeps, 'passwordKey'>;
  uploadsDir: string;
  random: Random;
  catalog: Catalog;
  merchantIds: readonly number[];
  sites: readonly DemoSite[];
  /** When the history starts and now (ms): most stations opened before it, a few during it. */
  historyStart: number;
  now: number;
}

/** Most sites opened before the history; every seventh during it, so the network grows; in a full network the last opens in two weeks. */
function openingTime(input: StationsInput, index: number): number {
  if (index === input.sites.length - 1 && input.sites.length >= 20) return input.now + 14 * DAY;
  if (index % 7 === 6) return input.historyStart + input.random.between(0.3, 0.9) * (input.now - input.historyStart);
  return input.historyStart - input.random.between(10, 300) * DAY;
}

/** The create request a manager's form would send for `site`, as the contract parses it. */
function stationRequest(input: StationsInput, site: DemoSite, index: number) {
  const { random, catalog } = input;
  const kit = KITS[site.kit];
  const fast = isFast(site);
  let position = 0;
  const connectors = kit.flatMap((module, evse) =>
    module.map((plug) => ({
      evse_id: evse + 1,
      typo: plug.typo,
      position: (position += 1),
      power_kWh: plug.kw,
      custom_fee: site.customFee ?? null,
    })),
  );
  return stationCreateRequest.parse({
    ...localizedFields('name', site.name),
    ...localizedFields('address', site.address),
    identity: demoIdentity(site.town, index),
    password: Array.from({ length: 24 }, () => random.pick([...ALNUM])).join(''),
    pic: aResponsiblePerson(random),
    manufacturer: MANUFACTURERS[site.kit],
    execution_type: fast ? 'floor' : 'wall',
    latitude: site.latitude,
    longitude: site.longitude,
    merchant: input.merchantIds[site.merchant],
    country: KYRGYZSTAN,
    city: TOWNS[site.town].city,
    tags: [
      ...(fast ? [catalog.tags.fast] : []),
      ...(site.hours ? [] : [catalog.tags.allDay]),
      ...(REGIONS.includes(site.town) ? [catalog.tags.tourist] : []),
    ],
    environment: items(random, catalog),
    schedule: site.hours
      ? ROUND_THE_CLOCK.map((day) => ({ ...day, start_time: site.hours![0], end_time: site.hours![1] }))
      : ROUND_THE_CLOCK,
    connectors,
  });
}

const isFast = (site: DemoSite) => KITS[site.kit].some((module) => module.some((plug) => plug.kw >= 50));

export async function createStations(input: StationsInput): Promise<DemoStation[]> {
  const { deps, random } = input;
  const created: DemoStation[] = [];
  for (const [index, site] of input.sites.entries()) {
    const openedAt = openingTime(input, index);
    const request = stationRequest(input, site, index);
    const photos = await Promise.all(
      [index, index + 2].slice(0, isFast(site) ? 2 : 1).map((variant) => photoUpload(input.uploadsDir, site, variant)),
    );
    const station = await createStation(deps, { ...request, media_files: photos }, deps.managerId);
    created.push({
      id: station.id,
      town: site.town,
      popularity: site.popularity,
      hours: site.hours ? [Number(site.hours[0].slice(0, 2)), Number(site.hours[1].slice(0, 2))] : null,
      openedAt,
      // Numbered in the order sent: module by module.
      connectors: station.connectors.map((connector, i) => ({
        ocppId: connector.ocpp16Id,
        typo: request.connectors[i]!.typo,
        kw: connector.powerW / 1000,
        meterWh: random.int(200_000, 4_000_000),
        freeAt: openedAt,
      })),
    });
  }
  const open = created.filter((station) => station.openedAt <= input.now);
  if (open.length) await setStationStatuses(deps, { ids: open.map((station) => station.id), status: STATUS_ACTIVE });
  // Only a station opened in the last month still shows as new.
  for (const station of open.filter((station) => station.openedAt < input.now - 30 * DAY)) {
    await updateStation(deps, station.id, stationUpdateRequest.parse({ is_new: false }));
  }
  return created;
}
