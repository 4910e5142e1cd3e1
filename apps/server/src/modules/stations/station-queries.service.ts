import type { Paged } from '@evcms/contracts/common';
import type { SecurityProfile } from '@evcms/contracts/stations';
import type { Db } from '../../db/client.ts';
import { uniqueIds } from '../../lib/bulk.ts';
import { notFound } from '../../lib/errors.ts';
import { pagedResult, pageRequest, pageWindow, PICKER_SIZE_CAP } from '../../lib/pagination.ts';
import { findInfrastructure, type InfrastructureRecord } from '../catalog/infrastructure.service.ts';
import { findTags, type TagRecord } from '../catalog/tags.service.ts';
import * as parts from './station-parts.repository.ts';
import { openChargesOfStations, type ChargeRecord } from '../charges/charges.service.ts';
import { findStationsOcpp, type StationOcppRecord } from './station-ocpp.service.ts';
import { NO_PASSWORD, stationPasswordMatches } from './station-passwords.ts';
import * as repo from './stations.repository.ts';

/*
 * Reading stations: the card, a merchant's list, the pickers, and what other modules ask of
 * stations (the merchants' station counts, the OCPP password check). Changes are in stations.service.ts.
 */

export type { Named, StationRecord } from './stations.repository.ts';
export type { ConnectorRecord, MediaRecord } from './station-parts.repository.ts';

export interface StationListRecord extends repo.StationRecord {
  connectors: parts.ConnectorRecord[];
  tags: TagRecord[];
  infrastructure: InfrastructureRecord[];
  ocpp: StationOcppRecord;
  /** The charge in progress on each OCPP connectorId. */
  openCharges: Map<number, ChargeRecord>;
}

export interface StationDetailRecord extends StationListRecord {
  media: parts.MediaRecord[];
}

export interface StationListQuery extends repo.StationFilter {
  page?: number | undefined;
  size?: number | undefined;
}

function byStation<T extends { stationId: number }>(rows: T[]): Map<number, T[]> {
  const map = new Map<number, T[]>();
  for (const row of rows) map.set(row.stationId, [...(map.get(row.stationId) ?? []), row]);
  return map;
}

/**
 * Connectors, tags, infrastructure, OCPP state and charges in progress of a page of stations: a
 * fixed number of queries whatever its size, one after the other (`db` may be a transaction).
 */
export async function withParts(db: Db, stations: repo.StationRecord[]): Promise<StationListRecord[]> {
  const ids = stations.map((station) => station.id);
  const connectors = await parts.findConnectors(db, ids);
  const itemIds = await repo.findItemIds(db, ids);
  const tags = await findTags(db, uniqueIds([...itemIds.tagIds.values()].flat()));
  const infrastructure = await findInfrastructure(db, uniqueIds([...itemIds.infrastructureIds.values()].flat()));
  const ocpp = await findStationsOcpp(db, ids);
  const openCharges = await openChargesOfStations({ db }, ids);
  const tagById = new Map(tags.map((tag) => [tag.id, tag]));
  const itemById = new Map(infrastructure.map((item) => [item.id, item]));
  const connectorsOf = byStation(connectors);
  return stations.map((station) => ({
    ...station,
    connectors: connectorsOf.get(station.id) ?? [],
    tags: (itemIds.tagIds.get(station.id) ?? []).flatMap((id) => tagById.get(id) ?? []),
    infrastructure: (itemIds.infrastructureIds.get(station.id) ?? []).flatMap((id) => itemById.get(id) ?? []),
    ocpp: ocpp.get(station.id)!,
    openCharges: openCharges.get(station.id) ?? new Map(),
  }));
}

export async function getStation(deps: { db: Db }, id: number): Promise<StationDetailRecord> {
  const station = await repo.findStation(deps.db, id);
  if (!station) throw notFound();
  const [listed] = await withParts(deps.db, [station]);
  return { ...listed!, media: await parts.findMedia(deps.db, [id]) };
}

export async function listStations(deps: { db: Db }, query: StationListQuery): Promise<Paged<StationListRecord>> {
  const page = pageRequest(query);
  const filter = { merchant: query.merchant, search: query.search, active: query.active, status: query.status };
  const { rows, total } = await repo.listStations(deps.db, filter, pageWindow(page));
  return pagedResult(await withParts(deps.db, rows), total, page);
}

/** The station pickers (transactions, promotions): id and name, pages of up to 1000. */
export async function listStationOptions(
  deps: { db: Db },
  query: Omit<StationListQuery, 'status'>,
): Promise<Paged<repo.Named>> {
  const page = pageRequest(query, PICKER_SIZE_CAP);
  const filter = { merchant: query.merchant, search: query.search, active: query.active };
  const { rows, total } = await repo.listStationOptions(deps.db, filter, pageWindow(page));
  return pagedResult(rows, total, page);
}

// ---- Writing

// ---- For other modules

/** How many stations a merchant has, and how many of them are active or not. */
export interface StationCounts {
  total: number;
  active: number;
  inactive: number;
}

export const NO_STATIONS: StationCounts = { total: 0, active: 0, inactive: 0 };

/** The station counts of each of `merchantIds` (merchants without stations are left out): one grouped count. */
export async function stationCountsByMerchant(
  db: Db,
  merchantIds: readonly number[],
): Promise<Map<number, StationCounts>> {
  if (!merchantIds.length) return new Map();
  const rows = await repo.countByMerchant(db, merchantIds);
  return new Map(
    rows.map((row) => [row.merchantId, { total: row.total, active: row.active, inactive: row.total - row.active }]),
  );
}

/**
 * The station a connecting charge point names, for its handshake: its id and security profile, and
 * whether `password` is its key (undefined when none was sent: a profile-3 station may send a
 * certificate alone). Undefined for an unknown identity, which costs the same hash.
 */
export async function stationForHandshake(
  deps: { db: Db; passwordKey: string },
  identity: string,
  password: string | undefined,
): Promise<{ id: number; securityProfile: SecurityProfile; passwordMatches: boolean | undefined } | undefined> {
  const station = await repo.findCredentials(deps.db, identity);
  const matches =
    password === undefined
      ? undefined
      : stationPasswordMatches(deps.passwordKey, station?.passwordHash ?? NO_PASSWORD, password);
  return station && { id: station.id, securityProfile: station.securityProfile, passwordMatches: matches };
}

// ---- For tests

/** The station when `password` is its key, else undefined (the handshake's check, stationForHandshake, alone). */
export async function checkStationPassword(deps: { db: Db; passwordKey: string }, identity: string, password: string) {
  const station = await stationForHandshake(deps, identity, password);
  return station?.passwordMatches ? station : undefined;
}
