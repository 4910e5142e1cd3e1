import type { Paged } from '@evcms/contracts/common';
import type { OcppMessageListQuery } from '@evcms/contracts/ocpp-messages';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { pagedResult, pageRequest, pageWindow } from '../../lib/pagination.ts';
import { readEntries, readEntry, type MessageEntry } from './station-message-entries.ts';
import * as repo from './station-messages.repository.ts';
import { findStation } from './stations.repository.ts';

/** A station's recent OCPP frames for its card, and their retention. */

export type { MessageBatchValues } from './station-messages.repository.ts';
// ---- For other modules (the OCPP central system's log writer, ocpp/message-log.ts)
export {
  EXCERPT,
  frameEntryParts,
  payloadEntry,
  type Direction,
  type EntryHead,
  type Kind,
} from './station-message-entries.ts';

/** At most this many frames in a stored row: an entry's id is its row's times this plus its place in the row. */
export const MESSAGE_BATCH_ROW_MAX = 1_000;

export type OcppMessageRow = MessageEntry & { id: number };

export async function listStationMessages(
  deps: { db: Db },
  stationId: number,
  query: OcppMessageListQuery,
): Promise<Paged<OcppMessageRow>> {
  if (!(await findStation(deps.db, stationId))) throw notFound();
  const page = pageRequest(query);
  const window = pageWindow(page);
  const [batches, total] = await repo.findMessageBatches(deps.db, stationId, window);
  // Entry number k (the newest is 1) is in the row whose `through` is the first at least k.
  const rows = batches.flatMap((batch) => {
    const first = batch.through - batch.count;
    return readEntries(batch.frames, batch.count, new Date(batch.at))
      .map((entry, i) => ({ ...readEntry(entry), id: batch.id * MESSAGE_BATCH_ROW_MAX + i }))
      .reverse()
      .filter((_, i) => first + i >= window.offset && first + i < window.offset + window.limit);
  });
  return pagedResult(rows, total, page);
}

export function recordMessages(db: Db, batches: readonly repo.MessageBatchValues[]): Promise<void> {
  return repo.insertMessageBatches(db, batches);
}

// Deleted in rounds, so a sweep after a long pause never holds one huge delete.
const SWEEP_ROUND = 1_000;

/** Deletes the frames older than `keepDays` days; the number deleted. */
export async function sweepOldMessages(db: Db, keepDays: number, now: Date = new Date()): Promise<number> {
  const before = new Date(now.getTime() - keepDays * 86_400_000);
  let total = 0;
  for (;;) {
    const deleted = await repo.deleteMessageBatchesBefore(db, before, SWEEP_ROUND);
    total += deleted.frames;
    if (deleted.rows < SWEEP_ROUND) return total;
  }
}
