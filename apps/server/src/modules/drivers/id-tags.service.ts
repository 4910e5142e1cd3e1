import { DRIVER_ID_TAGS_MAX } from '@evcms/contracts/drivers';
import type { Db } from '../../db/client.ts';
import { violatedConstraint } from '../../lib/db-errors.ts';
import { fieldError, notFound, type AppError } from '../../lib/errors.ts';
import * as repo from './drivers.repository.ts';

/*
 * A driver's id tags (RFID card numbers, app tokens): binding, blocking, and the lookup a charge
 * point's Authorize goes through. A tag is unique across the network ignoring case, as OCPP
 * compares idTags.
 */

export interface IdTagsDeps {
  db: Db;
}

/** 400 on `id_tag` naming the tag and the account it belongs to; undefined when nobody holds it. */
export async function idTagTaken(db: Db, idTag: string): Promise<AppError | undefined> {
  const holder = await repo.findByIdTag(db, idTag);
  return holder && fieldError('id_tag', 'id_tag_taken', { id_tag: holder.idTag, account: holder.account });
}

/** Binds `idTag` to the driver, inside the caller's transaction; 400 when another driver (or this one) holds it. */
export async function bindIdTag(tx: Db, driverId: number, idTag: string): Promise<repo.IdTagRecord> {
  const taken = await idTagTaken(tx, idTag);
  if (taken) throw taken;
  return repo.insertIdTag(tx, driverId, idTag);
}

export async function listIdTags(deps: IdTagsDeps, driverId: number): Promise<repo.IdTagRecord[]> {
  const [driver, tags] = await Promise.all([repo.findDriver(deps.db, driverId), repo.listIdTags(deps.db, driverId)]);
  if (!driver) throw notFound();
  return tags;
}

/**
 * Binds a new tag, at most DRIVER_ID_TAGS_MAX per driver (the driver's row is locked, so two
 * managers adding at once are counted one after the other). A tag bound meanwhile by another
 * request answers the same 400 as one found by the check.
 */
export async function addIdTag(deps: IdTagsDeps, driverId: number, idTag: string): Promise<repo.IdTagRecord> {
  try {
    return await deps.db.transaction(async (tx) => {
      if (!(await repo.findDriver(tx, driverId, { forUpdate: true }))) throw notFound();
      if ((await repo.countIdTags(tx, driverId)) >= DRIVER_ID_TAGS_MAX) {
        throw fieldError('id_tag', 'id_tags_max', { max: DRIVER_ID_TAGS_MAX });
      }
      return bindIdTag(tx, driverId, idTag);
    });
  } catch (error) {
    if (violatedConstraint(error)?.constraint === 'driver_id_tags_id_tag_key')
      throw (await idTagTaken(deps.db, idTag)) ?? error;
    throw error;
  }
}

/** Blocks or unblocks one of the driver's tags; 404 when the tag is not this driver's. */
export async function setIdTagBlocked(
  deps: IdTagsDeps,
  driverId: number,
  tagId: number,
  blocked: boolean,
): Promise<repo.IdTagRecord> {
  return deps.db.transaction(async (tx) => {
    if (!(await repo.findIdTag(tx, driverId, tagId))) throw notFound();
    return repo.setIdTagBlocked(tx, tagId, blocked);
  });
}

// ---- For other modules

/** What Authorize needs to know of an id tag. */
export interface IdTagHolder {
  driverId: number;
  idTagId: number;
  /** The tag as stored (it may differ in case from the one asked for). */
  idTag: string;
  tagBlocked: boolean;
  driverBlocked: boolean;
  balanceTyiyn: number;
}

/**
 * The driver holding `idTag` (compared ignoring case, as OCPP compares idTags), with the blocked
 * flags of the tag and the driver and the balance; undefined for an unknown tag. Runs in the
 * caller's transaction when given one.
 */
export async function findDriverByIdTag(db: Db, idTag: string): Promise<IdTagHolder | undefined> {
  const found = await repo.findByIdTag(db, idTag);
  if (!found) return undefined;
  const { account: _account, ...holder } = found;
  return holder;
}

/** A driver's id tags, oldest first (a remote start chooses among them); undefined when no driver has the id. */
export async function findDriverIdTags(db: Db, driverId: number): Promise<repo.IdTagRecord[] | undefined> {
  const [driver, tags] = await Promise.all([repo.findDriver(db, driverId), repo.listIdTags(db, driverId)]);
  return driver && tags;
}
