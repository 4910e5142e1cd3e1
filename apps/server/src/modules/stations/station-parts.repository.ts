import { asc, eq, inArray, max } from 'drizzle-orm';
import type { MediaKind } from '@evcms/contracts/station-media';
import type { Db } from '../../db/client.ts';
import { stationConnectors, stationMedia } from '../../db/schema/stations.ts';
import type { ConnectorPlan, StoredConnector } from './stations.rules.ts';

/** A station's connectors and media files: read for many stations at once, written for one. */

export interface ConnectorRecord extends StoredConnector {
  stationId: number;
}

export interface MediaRecord {
  id: number;
  stationId: number;
  path: string;
  kind: MediaKind;
  position: number;
}

const connectorColumns = {
  id: stationConnectors.id,
  stationId: stationConnectors.stationId,
  evseId: stationConnectors.evseId,
  evse: stationConnectors.evse,
  connectorId: stationConnectors.connectorId,
  ocpp16Id: stationConnectors.ocpp16Id,
  typo: stationConnectors.typo,
  position: stationConnectors.position,
  powerW: stationConnectors.powerW,
  cableLength: stationConnectors.cableLength,
  customFeeTyiyn: stationConnectors.customFeeTyiyn,
};

/** The connectors of `stationIds`, each station's in ocpp_16_id order (which is module, then connector order). */
export function findConnectors(db: Db, stationIds: readonly number[]): Promise<ConnectorRecord[]> {
  if (!stationIds.length) return Promise.resolve([]);
  return db
    .select(connectorColumns)
    .from(stationConnectors)
    .where(inArray(stationConnectors.stationId, [...stationIds]))
    .orderBy(asc(stationConnectors.stationId), asc(stationConnectors.ocpp16Id));
}

/** Writes a numbered plan: deletes, updates the kept connectors, inserts the new ones. Call under the station's lock. */
export async function applyConnectorPlan(db: Db, stationId: number, plan: ConnectorPlan): Promise<void> {
  if (plan.deletedIds.length) await db.delete(stationConnectors).where(inArray(stationConnectors.id, plan.deletedIds));
  const now = new Date();
  const inserts: (typeof stationConnectors.$inferInsert)[] = [];
  for (const { id, ...values } of plan.connectors) {
    const row = {
      evseId: values.evseId,
      evse: values.evse,
      connectorId: values.connectorId,
      ocpp16Id: values.ocpp16Id,
      typo: values.typo,
      position: values.position,
      powerW: values.powerW,
      cableLength: values.cableLength,
      customFeeTyiyn: values.customFeeTyiyn,
    };
    if (id === undefined) inserts.push({ ...row, stationId });
    else
      await db
        .update(stationConnectors)
        .set({ ...row, updatedAt: now })
        .where(eq(stationConnectors.id, id));
  }
  if (inserts.length) await db.insert(stationConnectors).values(inserts);
}

/** The media of `stationIds`, each station's in position order. */
export function findMedia(db: Db, stationIds: readonly number[]): Promise<MediaRecord[]> {
  if (!stationIds.length) return Promise.resolve([]);
  return db
    .select({
      id: stationMedia.id,
      stationId: stationMedia.stationId,
      path: stationMedia.path,
      kind: stationMedia.kind,
      position: stationMedia.position,
    })
    .from(stationMedia)
    .where(inArray(stationMedia.stationId, [...stationIds]))
    .orderBy(asc(stationMedia.stationId), asc(stationMedia.position), asc(stationMedia.id));
}

/** Appends files after the station's last one. */
export async function appendMedia(
  db: Db,
  stationId: number,
  files: readonly { path: string; kind: MediaKind }[],
): Promise<void> {
  if (!files.length) return;
  const [last] = await db
    .select({ value: max(stationMedia.position) })
    .from(stationMedia)
    .where(eq(stationMedia.stationId, stationId));
  const start = (last?.value ?? 0) + 1;
  await db
    .insert(stationMedia)
    .values(files.map((file, index) => ({ stationId, path: file.path, kind: file.kind, position: start + index })));
}

export async function deleteMedia(db: Db, ids: readonly number[]): Promise<void> {
  if (ids.length) await db.delete(stationMedia).where(inArray(stationMedia.id, [...ids]));
}
