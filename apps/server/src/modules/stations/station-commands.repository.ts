import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { CommandOutcome } from '@evcms/contracts/ocpp-commands';
import type { Db } from '../../db/client.ts';
import { ocppCommands } from '../../db/schema/ocpp.ts';
import { stationConnectors, stations } from '../../db/schema/stations.ts';

/** The audit of commands sent to charge points (db/schema/ocpp.ts `ocpp_commands`), and the stations they go to. */

export type CommandValues = Pick<
  typeof ocppCommands.$inferInsert,
  'stationId' | 'identity' | 'managerId' | 'action' | 'params' | 'chargeId'
>;

export interface CommandRecord {
  id: number;
  action: string;
  params: Record<string, unknown>;
  outcome: CommandOutcome | null;
  response: Record<string, unknown> | null;
  requestedAt: Date;
  finishedAt: Date | null;
  managerId: number | null;
}

/** A station a command can be sent to: its OCPP identity and its connectors' OCPP ids. */
export interface CommandTarget {
  id: number;
  identity: string;
  connectorIds: number[];
}

export async function insertCommand(db: Db, values: CommandValues): Promise<number> {
  const [row] = await db.insert(ocppCommands).values(values).returning({ id: ocppCommands.id });
  return row!.id;
}

export async function finishCommand(
  db: Db,
  id: number,
  outcome: CommandOutcome,
  response: Record<string, unknown> | null,
): Promise<void> {
  await db.update(ocppCommands).set({ outcome, response, finishedAt: new Date() }).where(eq(ocppCommands.id, id));
}

/** The last command of this action about the charge (ocpp_commands_charge_idx). */
export async function findLastChargeCommand(db: Db, chargeId: number, action: string) {
  const [row] = await db
    .select({
      id: ocppCommands.id,
      outcome: ocppCommands.outcome,
      requestedAt: ocppCommands.requestedAt,
      finishedAt: ocppCommands.finishedAt,
    })
    .from(ocppCommands)
    .where(and(eq(ocppCommands.chargeId, chargeId), eq(ocppCommands.action, action)))
    .orderBy(desc(ocppCommands.id))
    .limit(1);
  return row;
}

export async function findCommands(
  db: Db,
  stationId: number,
  window: { limit: number; offset: number },
): Promise<[CommandRecord[], number]> {
  const where = eq(ocppCommands.stationId, stationId);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: ocppCommands.id,
        action: ocppCommands.action,
        params: ocppCommands.params,
        outcome: ocppCommands.outcome,
        response: ocppCommands.response,
        requestedAt: ocppCommands.requestedAt,
        finishedAt: ocppCommands.finishedAt,
        managerId: ocppCommands.managerId,
      })
      .from(ocppCommands)
      .where(where)
      .orderBy(desc(ocppCommands.id))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ n: count() }).from(ocppCommands).where(where),
  ]);
  return [rows, total?.n ?? 0];
}

/** The station with this id, or with this OCPP identity. */
export async function findTarget(
  db: Db,
  by: { id: number } | { identity: string },
): Promise<CommandTarget | undefined> {
  const [station] = await db
    .select({ id: stations.id, identity: stations.identity })
    .from(stations)
    .where('id' in by ? eq(stations.id, by.id) : eq(stations.identity, by.identity))
    .limit(1);
  if (!station) return undefined;
  const connectors = await db
    .select({ ocpp16Id: stationConnectors.ocpp16Id })
    .from(stationConnectors)
    .where(eq(stationConnectors.stationId, station.id))
    .orderBy(asc(stationConnectors.ocpp16Id));
  return { ...station, connectorIds: connectors.map((connector) => connector.ocpp16Id) };
}
