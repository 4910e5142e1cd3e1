import type { Paged } from '@evcms/contracts/common';
import type { OcppMessageListQuery } from '@evcms/contracts/ocpp-messages';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { pagedResult, pageRequest, pageWindow } from '../../lib/pagination.ts';
import * as repo from './station-messages.repository.ts';
import { findStation } from './stations.repository.ts';

/** A station's recent OCPP frames for its card, and their retention. */

export type { OcppMessageRow, OcppMessageValues } from './station-messages.repository.ts';

export async function listStationMessages(deps: { db: Db }, stationId: number, query: OcppMessageListQuery): Promise<Paged<repo.OcppMessageRow>> {
  if (!(await findStation(deps.db, stationId))) throw notFound();
  const page = pageRequest(query);
  const [rows, total] = await repo.findMessages(deps.db, stationId, pageWindow(page));
  return pagedResult(rows, total, page);
}

export function recordMessages(db: Db, rows: readonly repo.OcppMessageValues[]): Promise<void> {
  return repo.insertMessages(db, rows);
}

// Deleted in rounds, so a sweep after a long pause never holds one huge delete.
const SWEEP_ROUND = 10_000;

/** Deletes the frames older than `keepDays` days; the number deleted. */
export async function sweepOldMessages(db: Db, keepDays: number, now: Date = new Date()): Promise<number> {
  const before = new Date(now.getTime() - keepDays * 86_400_000);
  let total = 0;
  for (;;) {
    const deleted = await repo.deleteMessagesBefore(db, before, SWEEP_ROUND);
    total += deleted;
    if (deleted < SWEEP_ROUND) return total;
  }
}
