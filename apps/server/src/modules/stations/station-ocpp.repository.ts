import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Localized } from '@evcms/contracts/localized';
import type { Db } from '../../db/client.ts';
import { connectorStatuses, connectorStatusHistory, ocppProcesses, stationOcppState } from '../../db/schema/ocpp.ts';
import { localizedSelection } from '../../db/schema/localized.ts';
import { stationConnectors, stations } from '../../db/schema/stations.ts';
import { arrayLiteral, perDatabase, textArrayLiteral } from '../../lib/prepared.ts';

/** A station's link to the central system and its connectors' reported statuses (db/schema/ocpp.ts). */

export type OcppStateRow = typeof stationOcppState.$inferSelect;
export type ConnectorStatusRow = typeof connectorStatuses.$inferSelect;
export type ConnectorStatusValues = Omit<typeof connectorStatuses.$inferInsert, 'receivedAt'> & { receivedAt: Date };
/** What a BootNotification tells of a station, as its state's columns. */
export const BOOT_FIELDS = [
  'vendor',
  'model',
  'chargePointSerialNumber',
  'chargeBoxSerialNumber',
  'firmwareVersion',
  'iccid',
  'imsi',
  'meterType',
  'meterSerialNumber',
] as const satisfies readonly (keyof OcppStateRow)[];
export type BootValues = Pick<OcppStateRow, (typeof BOOT_FIELDS)[number]>;

/** A later sign of life never moves `last_seen_at` back (batched writes may arrive after a direct one). */
const laterSeen = (at: Date) => sql`greatest(${stationOcppState.lastSeenAt}, ${at.toISOString()}::timestamptz)`;

/**
 * Online by `connectionId`, unless a connection opened later holds it: two processes' writes may
 * land in either order, and the older connection's close must not take the newer one offline.
 */
export async function upsertConnected(
  db: Db,
  stationId: number,
  connectionId: string,
  at: Date,
  processId: string | null = null,
): Promise<void> {
  const values = { online: true, connectionId, connectedAt: at, processId };
  const { online, connectedAt } = stationOcppState;
  await db
    .insert(stationOcppState)
    .values({ stationId, ...values, lastSeenAt: at })
    .onConflictDoUpdate({
      target: stationOcppState.stationId,
      set: { ...values, lastSeenAt: laterSeen(at) },
      setWhere: sql`not ${online} or ${connectedAt} is null or ${connectedAt} <= ${at.toISOString()}::timestamptz`,
    });
}

/** Offline, unless a newer connection of the station has taken over meanwhile. */
export async function updateDisconnected(
  db: Db,
  stationId: number,
  connectionId: string,
  lastSeenAt: Date,
): Promise<void> {
  await db
    .update(stationOcppState)
    .set({ online: false, lastSeenAt: laterSeen(lastSeenAt) })
    .where(and(eq(stationOcppState.stationId, stationId), eq(stationOcppState.connectionId, connectionId)));
}

const ph = sql.placeholder;

const updateSeenStatement = perDatabase((db) =>
  db
    .update(stationOcppState)
    .set({ lastSeenAt: sql`greatest(${stationOcppState.lastSeenAt}, seen.at)` })
    .from(sql`unnest(${ph('stationIds')}::int[], ${ph('ats')}::timestamptz[]) as seen(station_id, at)`)
    .where(
      and(
        sql`${stationOcppState.stationId} = any(${ph('stationIds')}::int[])`,
        sql`${stationOcppState.stationId} = seen.station_id`,
      ),
    )
    .prepare('station_seen_update'),
);

/** Last seen for many stations (each once) in one statement. */
export async function updateSeen(db: Db, seen: readonly { stationId: number; at: Date }[]): Promise<void> {
  if (!seen.length) return;
  await updateSeenStatement(db).execute({
    stationIds: arrayLiteral(seen.map(({ stationId }) => stationId)),
    ats: arrayLiteral(seen.map(({ at }) => at.toISOString())),
  });
}

export async function updateAllOffline(db: Db): Promise<void> {
  await db.update(stationOcppState).set({ online: false }).where(eq(stationOcppState.online, true));
}

export async function upsertBoot(db: Db, stationId: number, boot: BootValues, at: Date): Promise<void> {
  await db
    .insert(stationOcppState)
    .values({ stationId, ...boot, bootedAt: at, lastSeenAt: at })
    .onConflictDoUpdate({
      target: stationOcppState.stationId,
      set: { ...boot, bootedAt: at, lastSeenAt: laterSeen(at) },
    });
}

/** The station is no longer "New"; written only while it is, so a later boot rewrites no row. */
export async function clearNew(db: Db, stationId: number): Promise<void> {
  await db
    .update(stations)
    .set({ isNew: false })
    .where(and(eq(stations.id, stationId), eq(stations.isNew, true)));
}

/** What a DiagnosticsStatusNotification or a FirmwareStatusNotification sets: its status and when it came. */
export type StatusReport =
  | Pick<OcppStateRow, 'diagnosticsStatus' | 'diagnosticsStatusAt'>
  | Pick<OcppStateRow, 'firmwareStatus' | 'firmwareStatusAt'>;

export async function upsertStatusReport(db: Db, stationId: number, report: StatusReport): Promise<void> {
  await db
    .insert(stationOcppState)
    .values({ stationId, ...report })
    .onConflictDoUpdate({ target: stationOcppState.stationId, set: report });
}

/** A connector's current status is the one received last, unless stamped before the one held. */
const currentStatus = {
  status: sql`excluded.status`,
  errorCode: sql`excluded.error_code`,
  info: sql`excluded.info`,
  vendorId: sql`excluded.vendor_id`,
  vendorErrorCode: sql`excluded.vendor_error_code`,
  statusAt: sql`excluded.status_at`,
  receivedAt: sql`excluded.received_at`,
};
const laterStatus = sql`${connectorStatuses.statusAt} is null or excluded.status_at is null or excluded.status_at >= ${connectorStatuses.statusAt}`;

/** The statuses given as arrays (one element per station's connector), in their order. */
const statusesTogether = perDatabase((db) => {
  const v = db.$with('v').as(
    db
      .select({
        stationId: sql<number>`v.station_id`.as('station_id'),
        connectorId: sql<number>`v.connector_id`.as('connector_id'),
        status: sql<string>`v.status`.as('status'),
        errorCode: sql<string>`v.error_code`.as('error_code'),
        info: sql<string | null>`v.info`.as('info'),
        vendorId: sql<string | null>`v.vendor_id`.as('vendor_id'),
        vendorErrorCode: sql<string | null>`v.vendor_error_code`.as('vendor_error_code'),
        statusAt: sql<Date | null>`v.status_at`.as('status_at'),
        receivedAt: sql<Date>`v.received_at`.as('received_at'),
        n: sql<number>`v.n`.as('n'),
      })
      .from(
        sql`unnest(${ph('stationIds')}::int[], ${ph('connectorIds')}::int[], ${ph('statuses')}::text[], ${ph('errorCodes')}::text[], ${ph('infos')}::text[],
          ${ph('vendorIds')}::text[], ${ph('vendorErrorCodes')}::text[], ${ph('statusAts')}::timestamptz[], ${ph('receivedAts')}::timestamptz[])
          with ordinality as v(station_id, connector_id, status, error_code, info, vendor_id, vendor_error_code, status_at, received_at, n)`,
      ),
  );
  // As SQL, since drizzle checks a select's fields against every column, the history's id too.
  const columns = sql.raw(
    'v.station_id, v.connector_id, v.status, v.error_code, v.info, v.vendor_id, v.vendor_error_code, v.status_at, v.received_at',
  );
  const history = db
    .$with('history')
    .as(
      db
        .insert(connectorStatusHistory)
        .select(
          sql`select nextval(pg_get_serial_sequence('connector_status_history', 'id')), ${columns} from ${v} order by v.n`,
        ),
    );
  return db
    .with(v, history)
    .insert(connectorStatuses)
    .select(sql`select ${columns} from ${v}`)
    .onConflictDoUpdate({
      target: [connectorStatuses.stationId, connectorStatuses.connectorId],
      set: currentStatus,
      setWhere: laterStatus,
    })
    .prepare('connector_statuses_insert_together');
});

/**
 * For each status (of distinct connectors), appends to the history and keeps the connector's
 * current status: the one received last, unless it is stamped before the status held (a queued
 * message delivered late). One statement, so all or none are written.
 */
export async function insertStatuses(db: Db, batch: readonly ConnectorStatusValues[]): Promise<void> {
  const texts = (text: (values: ConnectorStatusValues) => string | null | undefined) =>
    textArrayLiteral(batch.map((values) => text(values) ?? null));
  await statusesTogether(db).execute({
    stationIds: arrayLiteral(batch.map((values) => values.stationId)),
    connectorIds: arrayLiteral(batch.map((values) => values.connectorId)),
    statuses: texts((values) => values.status),
    errorCodes: texts((values) => values.errorCode),
    infos: texts((values) => values.info),
    vendorIds: texts((values) => values.vendorId),
    vendorErrorCodes: texts((values) => values.vendorErrorCode),
    statusAts: arrayLiteral(batch.map((values) => values.statusAt?.toISOString() ?? null)),
    receivedAts: arrayLiteral(batch.map((values) => values.receivedAt.toISOString())),
  });
}

/** Of `stationIds`, those offline whose last sign of life came before `before`. */
export async function findSilentSince(db: Db, stationIds: readonly number[], before: Date): Promise<number[]> {
  if (!stationIds.length) return [];
  const rows = await db
    .select({ stationId: stationOcppState.stationId })
    .from(stationOcppState)
    .where(
      and(
        inArray(stationOcppState.stationId, [...stationIds]),
        eq(stationOcppState.online, false),
        lt(stationOcppState.lastSeenAt, before),
      ),
    );
  return rows.map((row) => row.stationId);
}

export async function findOnline(db: Db, stationId: number): Promise<boolean> {
  const [row] = await db
    .select({ online: stationOcppState.online })
    .from(stationOcppState)
    .where(eq(stationOcppState.stationId, stationId));
  return row?.online ?? false;
}

export function findStates(db: Db, stationIds: readonly number[]): Promise<OcppStateRow[]> {
  return stationIds.length
    ? db
        .select()
        .from(stationOcppState)
        .where(inArray(stationOcppState.stationId, [...stationIds]))
    : Promise.resolve([]);
}

export function findStatuses(db: Db, stationIds: readonly number[]): Promise<ConnectorStatusRow[]> {
  if (!stationIds.length) return Promise.resolve([]);
  return db
    .select()
    .from(connectorStatuses)
    .where(inArray(connectorStatuses.stationId, [...stationIds]))
    .orderBy(connectorStatuses.connectorId);
}

/** A station's reported statuses, oldest first (tests and the station's log). */
export function findStatusHistory(db: Db, stationId: number) {
  return db
    .select()
    .from(connectorStatusHistory)
    .where(eq(connectorStatusHistory.stationId, stationId))
    .orderBy(connectorStatusHistory.id);
}

/** This process is alive now. */
export async function upsertProcessSeen(db: Db, processId: string, at: Date): Promise<void> {
  await db
    .insert(ocppProcesses)
    .values({ id: processId, startedAt: at, seenAt: at })
    .onConflictDoUpdate({ target: ocppProcesses.id, set: { seenAt: at } });
}

export async function deleteProcess(db: Db, processId: string): Promise<void> {
  await db.delete(ocppProcesses).where(eq(ocppProcesses.id, processId));
}

/**
 * Marks offline the stations online for a process not seen since `before` (or for none known),
 * and forgets such processes; answers the stations marked.
 */
export async function updateOrphansOffline(db: Db, before: Date): Promise<number[]> {
  const alive = db
    .select({ id: ocppProcesses.id })
    .from(ocppProcesses)
    .where(sql`${ocppProcesses.seenAt} >= ${before.toISOString()}::timestamptz`);
  const rows = await db
    .update(stationOcppState)
    .set({ online: false })
    .where(
      and(
        eq(stationOcppState.online, true),
        sql`(${stationOcppState.processId} is null or ${stationOcppState.processId} not in ${alive})`,
      ),
    )
    .returning({ stationId: stationOcppState.stationId });
  await db.delete(ocppProcesses).where(lt(ocppProcesses.seenAt, before));
  return rows.map((row) => row.stationId);
}

/** Where a charge point's connector belongs: its station (names, merchant) and, if the station has it, the connector. */
export interface ChargeSite {
  stationId: number;
  merchantId: number;
  stationName: Localized;
  connector: { id: number; typo: string; customFeeTyiyn: number | null; powerW: number } | undefined;
}

export async function findChargeSite(
  db: Db,
  stationId: number,
  ocppConnectorId: number,
): Promise<ChargeSite | undefined> {
  const [row] = await db
    .select({
      stationId: stations.id,
      merchantId: stations.merchantId,
      stationName: localizedSelection(stations, 'name'),
      connectorId: stationConnectors.id,
      typo: stationConnectors.typo,
      customFeeTyiyn: stationConnectors.customFeeTyiyn,
      powerW: stationConnectors.powerW,
    })
    .from(stations)
    .leftJoin(
      stationConnectors,
      and(eq(stationConnectors.stationId, stations.id), eq(stationConnectors.ocpp16Id, ocppConnectorId)),
    )
    .where(eq(stations.id, stationId))
    .limit(1);
  if (!row) return undefined;
  const { connectorId, typo, customFeeTyiyn, powerW, ...site } = row;
  return {
    ...site,
    connector:
      connectorId === null || typo === null
        ? undefined
        : { id: connectorId, typo, customFeeTyiyn, powerW: powerW ?? 0 },
  };
}

/** Starts on a station whose time was replaced wait for each other here (charges' findReplacedStart); plain reads and the charges' references to the station do not. */
export async function lockStationStarts(db: Db, stationId: number): Promise<void> {
  await db.select({ id: stations.id }).from(stations).where(eq(stations.id, stationId)).for('no key update');
}
