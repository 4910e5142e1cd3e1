import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { loadSecret } from '../lib/secrets.ts';
import { createMediaStore } from '../lib/uploads.ts';
import { registerDiscountFor } from '../modules/charges/charge-discounts.service.ts';
import { registerReferrals } from '../modules/referrals/referrals.service.ts';
import { registerAnalytics } from '../modules/analytics/analytics.service.ts';
import { createReferrals } from './demo-referrals.ts';
import { promotionDiscountFor } from '../modules/promotions/promotion-discounts.service.ts';
import { listInfrastructure } from '../modules/catalog/infrastructure.service.ts';
import { listTags } from '../modules/catalog/tags.service.ts';
import { listDrivers } from '../modules/drivers/drivers.service.ts';
import { listMerchants } from '../modules/merchants/merchants.service.ts';
import { listRates } from '../modules/rates/rates.service.ts';
import type { StatusCounts } from './demo-charges.ts';
import { playHistory, playNow } from './demo-charges.ts';
import { backdateDemo } from './demo-dates.ts';
import { createDrivers } from './demo-drivers.ts';
import { bishkekMidnight, DAY } from './demo-history.ts';
import { createCatalog, createMerchants, createRates, type NetworkDeps } from './demo-network.ts';
import { chosenSites, MERCHANTS, type Town } from './demo-places.ts';
import { createBanners } from './demo-banners.ts';
import { createMarketing, type MarketingSummary } from './demo-marketing.ts';
import { createPromotions } from './demo-promotions.ts';
import { createRandom } from './demo-random.ts';
import { createStations, type DemoStation } from './demo-stations.ts';

/*
 * `npm run demo`'s work: a believable charging network in Kyrgyzstan, filled through the modules'
 * services in story order (catalogue, merchants, rates, stations, drivers, months of charges),
 * then its creation dates moved back to fit the story (demo-dates.ts).
 */

export interface DemoSize {
  merchants: number;
  stations: number;
  drivers: number;
  /** Days of charge history before today. */
  days: number;
  /** Charge attempts on an average day (fewer at the start, as the network grows). */
  chargesPerDay: number;
}

/** About 4,500 charges over four months. */
export const FULL_DEMO: DemoSize = { merchants: 8, stations: 30, drivers: 300, days: 120, chargesPerDay: 40 };

export interface DemoDeps extends NetworkDeps {
  passwordKey: string;
  uploadsDir: string;
}

/**
 * What filling a demo network into the database of `dataDir` takes, as the server would find it:
 * the media under DATA_DIR/uploads and the station key it loads (STATION_KEY_SECRET or the kept one).
 */
export async function demoDeps(
  db: Db,
  dataDir: string,
  made: { managerId: number; log: FastifyBaseLogger; stationKeySecret?: string | undefined },
): Promise<DemoDeps> {
  const uploadsDir = path.join(dataDir, 'uploads');
  return {
    db,
    media: createMediaStore(uploadsDir),
    log: made.log,
    passwordKey: await loadSecret(db, made.stationKeySecret, dataDir, 'station-key'),
    uploadsDir,
    managerId: made.managerId,
  };
}

export interface DemoSummary {
  merchants: number;
  stations: number;
  connectors: number;
  rates: number;
  promotions: number;
  banners: number;
  marketing: MarketingSummary;
  drivers: number;
  cards: number;
  charges: StatusCounts;
}

/** What the back office holds already, if anything: the demo fills only an empty one. */
export async function existingData(
  deps: DemoDeps,
): Promise<{ demo: boolean; merchants: number; drivers: number; other: number } | undefined> {
  const one = { page: 1, size: 1 };
  const [merchants, drivers, rates, tags, infrastructure, demo] = await Promise.all([
    listMerchants(deps, one),
    listDrivers(deps, one),
    listRates(deps, one),
    listTags(deps, one),
    listInfrastructure(deps, one),
    listMerchants(deps, { ...one, search: MERCHANTS[0]!.agreement }),
  ]);
  const other = rates.total + tags.total + infrastructure.total;
  if (merchants.total + drivers.total + other === 0) return undefined;
  return { demo: demo.total > 0, merchants: merchants.total, drivers: drivers.total, other };
}

/** Drivers live where the stations are, in proportion to how busy the stations are. */
function homes(stations: readonly DemoStation[]): { town: Town; weight: number }[] {
  const weights = new Map<Town, number>();
  for (const station of stations) weights.set(station.town, (weights.get(station.town) ?? 0) + station.popularity);
  return [...weights].map(([town, weight]) => ({ town, weight }));
}

/** Days before the history each rate was created (createRates' order): last year's rate long ago, today's defaults, then the personal rates. */
const rateAge = (index: number) => (index === 0 ? 330 : index <= 5 ? 45 - index : 20 - index);

export async function fillDemo(
  deps: DemoDeps,
  options: { size?: DemoSize; seed?: number; now?: Date } = {},
): Promise<DemoSummary> {
  // The history is priced as the app prices charges (the demo may fill before any app is built).
  registerDiscountFor(promotionDiscountFor);
  registerReferrals();
  registerAnalytics();
  const size = options.size ?? FULL_DEMO;
  const random = createRandom(options.seed ?? 11);
  const now = (options.now ?? new Date()).getTime();
  const historyStart = bishkekMidnight(now) - size.days * DAY;
  const catalog = await createCatalog(deps);
  const merchantIds = await createMerchants(deps, size.merchants);
  const rateIds = await createRates(deps, merchantIds);
  const sites = chosenSites(size.merchants, size.stations);
  const stations = await createStations({
    deps,
    uploadsDir: deps.uploadsDir,
    random,
    catalog,
    merchantIds,
    sites,
    historyStart,
    now,
  });
  const cards = new Set<string>();
  const drivers = await createDrivers({
    db: deps.db,
    random,
    managerId: deps.managerId,
    count: size.drivers,
    homes: homes(stations),
    historyStart,
    now,
    cards,
  });
  const input = {
    db: deps.db,
    random,
    managerId: deps.managerId,
    drivers,
    stations,
    historyStart,
    now,
    perDay: size.chargesPerDay,
    cards,
  };
  const promotions = await createPromotions({
    deps,
    uploadsDir: deps.uploadsDir,
    stations,
    stationMerchants: stations.map((_, i) => sites[i]!.merchant),
    merchantIds,
    historyStart,
    now,
  });
  const banners = await createBanners(deps, deps.uploadsDir, now);
  // Before the history: its charges reward the invitations as the app's do.
  await createReferrals({ db: deps.db, random, managerId: deps.managerId, drivers });
  const history = await playHistory(input);
  const running = await playNow(input);
  const marketing = await createMarketing({
    deps,
    merchantIds,
    driverIds: drivers.map((driver) => driver.id),
    historyStart,
    now,
  });

  // A merchant signed up some weeks before its first station opened; a station was registered a week before it opened.
  const opened = (merchant: number) =>
    stations.filter((_, i) => sites[i]!.merchant === merchant).map((station) => station.openedAt);
  await backdateDemo(deps.db, {
    merchants: merchantIds.map((id, i) => [id, Math.min(...opened(i), historyStart) - random.between(20, 60) * DAY]),
    stations: stations.map((station) => [station.id, Math.min(station.openedAt, now) - 7 * DAY]),
    rates: rateIds.map((id, i) => [id, historyStart - rateAge(i) * DAY]),
    drivers: drivers.map((driver) => [driver.id, driver.registeredAt]),
    promotions,
  });
  const charges: StatusCounts = { ...history };
  for (const [status, n] of Object.entries(running))
    charges[status as keyof StatusCounts] = (charges[status as keyof StatusCounts] ?? 0) + n;
  return {
    merchants: merchantIds.length,
    stations: stations.length,
    connectors: stations.reduce((sum, station) => sum + station.connectors.length, 0),
    rates: rateIds.length,
    promotions: promotions.length,
    banners,
    marketing,
    drivers: drivers.length,
    cards: drivers.reduce((sum, driver) => sum + driver.idTags.length, 0),
    charges,
  };
}
