import type { ChargeFilters } from '@evcms/contracts/charges';
import type { Paged } from '@evcms/contracts/common';
import type { Lang } from '@evcms/contracts/i18n';
import type { Database, Db } from '../../db/client.ts';
import { COPY_BATCH_SIZE } from '../../db/copied-text.ts';
import { notFound } from '../../lib/errors.ts';
import { batchedRows, EXPORT_BATCH_SIZE } from '../../lib/exports/batched-rows.ts';
import { pagedResult, pageRequest, pageWindow } from '../../lib/pagination.ts';
import { chargeExportReader, copiedChargeExport, type ChargeExportRow } from './charges-export.repository.ts';
import {
  chargeListPage,
  findChargeRecord,
  findChargeRecords,
  type ChargeRecord,
} from '../read-models/charge-list.read-model.ts';
import { countCharges } from './charges-count.repository.ts';
import { chargeWhere, openChargesOf, type ChargeFilter } from './charges-filter.ts';
import { copiedChargeCsv } from './charges-export-csv.ts';
import { pageReading } from './charges.rules.ts';

/* Reading charges for the back office: the list with its filters, and one charge. Changes go through charge-lifecycle.service.ts. */

export type { ChargeRecord } from '../read-models/charge-list.read-model.ts';

export interface ChargesDeps {
  db: Db;
  /** PostgreSQL's COPY reader, which the export uses when there is one (db/copy-rows.ts). */
  copyRows?: Database['copyRows'];
  copyLines?: Database['copyLines'];
}

/** The list's filters as the repository takes them (the list and its export). */
function chargeFilter(query: Omit<ChargeFilters, 'page' | 'size'>): ChargeFilter {
  return {
    id: query.search_by_tx_id,
    stationIds: query.station_id__in,
    statuses: query.status,
    startedFrom: query.period__from,
    startedTo: query.period__to,
    finishedFrom: query.finished_date__from,
    finishedTo: query.finished_date__to,
    finishedTimeFrom: query.finished_time__from,
    finishedTimeTo: query.finished_time__to,
    driverId: query.user,
    reviewReasons: query.review,
    sources: query.source,
    promotionIds: query.promotion_id__in,
  };
}

/** The charge list, newest start first, with the list's filters (contracts/charges.ts chargeListQuery). */
export async function listCharges(deps: ChargesDeps, query: ChargeFilters): Promise<Paged<ChargeRecord>> {
  const page = pageRequest(query);
  const { rows, total } = await pagedCharges(deps.db, chargeFilter(query), pageWindow(page));
  return pagedResult(rows, total, page);
}

/**
 * The count and the page are two queries; the total comes from the kept counts where the filter
 * allows (countCharges). A page in the older half is read from the oldest end (charges.rules.ts
 * pageReading), so the last page walks as few index entries as the first (chargeListPage).
 */
async function pagedCharges(db: Db, filter: ChargeFilter, window: { limit: number; offset: number }) {
  const where = chargeWhere(filter);
  const counted = countCharges(db, filter);
  if (window.offset === 0) {
    const [rows, total] = await Promise.all([chargeListPage(db, where, { ascending: false, ...window }), counted]);
    return { rows, total };
  }
  const total = await counted;
  // A page past the end is empty, without walking the whole index to find so.
  if (window.offset >= total) return { rows: [], total };
  return { rows: await chargeListPage(db, where, pageReading(window, total)), total };
}

/**
 * Every charge the list's filters select, in the list's order, names in `lang` (GET /users/transactions/export/):
 * through one COPY on PostgreSQL, in keyset batches on PGlite (whose one connection a long statement would hold).
 */
export function exportCharges(
  deps: ChargesDeps,
  query: Omit<ChargeFilters, 'page' | 'size'>,
  lang: Lang,
): AsyncIterable<readonly ChargeExportRow[]> {
  const filter = chargeFilter(query);
  if (deps.copyRows) return copiedChargeExport(deps.copyRows, deps.db, filter, lang, COPY_BATCH_SIZE);
  return batchedRows(chargeExportReader(deps.db, filter, lang), EXPORT_BATCH_SIZE);
}

/** The export's csv rows written by PostgreSQL itself (charges-export-csv.ts); none on PGlite, where csv.ts writes the `exportCharges` rows. */
export function exportChargesCsv(
  deps: ChargesDeps,
  query: Omit<ChargeFilters, 'page' | 'size'>,
  lang: Lang,
  now: Date,
): AsyncIterable<Buffer> | undefined {
  return deps.copyLines && copiedChargeCsv(deps.db, deps.copyLines, chargeWhere(chargeFilter(query)), lang, now);
}

export async function getCharge(deps: ChargesDeps, id: number): Promise<ChargeRecord> {
  const charge = await findChargeRecord(deps.db, id);
  if (!charge) throw notFound();
  return charge;
}

/** Each connector's charge in progress, for the station cards and list: by station, then OCPP connectorId (the newest when several). */
export async function openChargesOfStations(
  deps: Pick<ChargesDeps, 'db'>,
  stationIds: readonly number[],
): Promise<Map<number, Map<number, ChargeRecord>>> {
  const byStation = new Map<number, Map<number, ChargeRecord>>();
  const open = stationIds.length ? await findChargeRecords(deps.db, openChargesOf(stationIds)) : [];
  for (const charge of open) {
    const connectors = byStation.get(charge.stationId!) ?? new Map<number, ChargeRecord>();
    if (!connectors.has(charge.ocppConnectorId)) connectors.set(charge.ocppConnectorId, charge);
    byStation.set(charge.stationId!, connectors);
  }
  return byStation;
}
