import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type {
  OcppConnectorStatus,
  OcppDiagnosticsStatus,
  OcppErrorCode,
  OcppFirmwareStatus,
} from '@evcms/contracts/ocpp';
import { charges } from './charges.ts';
import { managers } from './managers.ts';
import { stations } from './stations.ts';

/*
 * What the OCPP central system knows of a station's link and connectors. Kept apart from
 * `stations`: these rows are written at every connection, heartbeat and status change, and a
 * station's own row is locked by its edits and carries a trigram-indexed search column.
 */

/** One row per station that has ever connected. */
export const stationOcppState = pgTable('station_ocpp_state', {
  stationId: integer('station_id')
    .primaryKey()
    .references(() => stations.id, { onDelete: 'cascade' }),
  online: boolean('online').notNull().default(false),
  /** The connection now (or last) held; a close only marks the station offline while it is still this one. */
  connectionId: text('connection_id'),
  /** The server process holding it (ocpp_processes): a process that stops answering leaves its stations offline. */
  processId: text('process_id'),
  connectedAt: timestamp('connected_at', { withTimezone: true }),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
  // The last BootNotification, field by field as OCPP 1.6 names them; null until the first.
  bootedAt: timestamp('booted_at', { withTimezone: true }),
  vendor: text('vendor'),
  model: text('model'),
  chargePointSerialNumber: text('charge_point_serial_number'),
  chargeBoxSerialNumber: text('charge_box_serial_number'),
  firmwareVersion: text('firmware_version'),
  iccid: text('iccid'),
  imsi: text('imsi'),
  meterType: text('meter_type'),
  meterSerialNumber: text('meter_serial_number'),
  // The last DiagnosticsStatusNotification and FirmwareStatusNotification, as reported.
  diagnosticsStatus: text('diagnostics_status').$type<OcppDiagnosticsStatus>(),
  diagnosticsStatusAt: timestamp('diagnostics_status_at', { withTimezone: true }),
  firmwareStatus: text('firmware_status').$type<OcppFirmwareStatus>(),
  firmwareStatusAt: timestamp('firmware_status_at', { withTimezone: true }),
});

/** The columns a StatusNotification sets, the same in the current state and the history. */
const statusColumns = () => ({
  stationId: integer('station_id')
    .notNull()
    .references(() => stations.id, { onDelete: 'cascade' }),
  /** The OCPP connectorId as sent (0 = the station itself); not a reference, since a station may report one it was not given. */
  connectorId: integer('connector_id').notNull(),
  status: text('status').$type<OcppConnectorStatus>().notNull(),
  errorCode: text('error_code').$type<OcppErrorCode>().notNull(),
  info: text('info'),
  vendorId: text('vendor_id'),
  vendorErrorCode: text('vendor_error_code'),
  /** The charge point's time of the status, when it sent one. */
  statusAt: timestamp('status_at', { withTimezone: true }),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Each connector's last reported status. */
export const connectorStatuses = pgTable('connector_statuses', statusColumns(), (table) => [
  primaryKey({ columns: [table.stationId, table.connectorId] }),
]);

/** Every StatusNotification, as reported (transitions are never refused). */
export const connectorStatusHistory = pgTable(
  'connector_status_history',
  { id: bigserial('id', { mode: 'number' }).primaryKey(), ...statusColumns() },
  (table) => [index('connector_status_history_station_idx').on(table.stationId, table.connectorId, table.id)],
);

/**
 * Every command the back office sent to a charge point (Reset, RemoteStopTransaction, ...): who
 * asked, what, and how it ended. The audit trail; kept when the station or the manager is deleted.
 */
export const ocppCommands = pgTable(
  'ocpp_commands',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    stationId: integer('station_id').references(() => stations.id, { onDelete: 'set null' }),
    identity: text('identity').notNull(),
    managerId: integer('manager_id').references(() => managers.id, { onDelete: 'set null' }),
    /** The OCPP action sent: 'Reset', 'RemoteStopTransaction', ... */
    action: text('action').notNull(),
    params: jsonb('params').$type<Record<string, unknown>>().notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** Null while waiting; accepted / rejected (the station's answer), offline, timeout, error (a CALLERROR). */
    outcome: text('outcome').$type<'accepted' | 'rejected' | 'offline' | 'timeout' | 'error'>(),
    /** The station's confirmation, or the CALLERROR's code and description. */
    response: jsonb('response').$type<Record<string, unknown>>(),
    /** The charge a command is about (RemoteStopTransaction's): its stop guard reads the charge's last one. */
    chargeId: integer('charge_id').references(() => charges.id, { onDelete: 'set null' }),
  },
  (table) => [
    index('ocpp_commands_station_idx').on(table.stationId, table.id),
    index('ocpp_commands_charge_idx')
      .on(table.chargeId, table.id)
      .where(sql`${table.chargeId} is not null`),
  ],
);

/**
 * The recent OCPP frames of each station, both ways, for the station card's log; rows older than
 * the configured retention are deleted by a periodic sweep. Thousands of frames a second arrive, so
 * they are stored the cheapest way found (ocpp/message-log.ts): a row holds a station's frames of
 * one flush, `frames` being the text of a JSON array of entries
 * `{ at, dir, kind, id, action, frame | payload }` where `frame` is the OCPP-J frame as it went
 * over the socket, not parsed nor rebuilt (`payload` instead for what was not a readable frame).
 * A row per frame cost PostgreSQL four times as much CPU (its executor, heap and index work per
 * row) and the server a parse of each frame. The station is not a foreign key (its check locked the
 * station's row on every write): deleting a station deletes its frames (stations.repository.ts),
 * and those of one deleted while they were being written go with the sweep.
 */
export const ocppMessageBatches = pgTable(
  'ocpp_message_batches',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    stationId: integer('station_id').notNull(),
    /** The last frame's time: the sweep's. */
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** How many entries `frames` holds (at most MESSAGE_BATCH_ROW_MAX). */
    count: integer('count').notNull(),
    frames: text('frames').notNull(),
  },
  (table) => [
    index('ocpp_message_batches_station_idx').on(table.stationId, table.id),
    index('ocpp_message_batches_at_idx').on(table.at),
  ],
);

/**
 * The server processes serving OCPP on this database, each saying every few seconds that it is
 * alive: the stations of one that stopped (a crash, a killed machine) are marked offline by the others.
 */
export const ocppProcesses = pgTable('ocpp_processes', {
  id: text('id').primaryKey(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
});
