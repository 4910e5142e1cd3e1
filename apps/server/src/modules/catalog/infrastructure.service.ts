import type { Paged } from '@evcms/contracts/common';
import { localizedFrom, type LocalizedKey } from '@evcms/contracts/localized';
import { statusOf, type StatusesRequest } from '@evcms/contracts/status';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { changeEveryIdOrNone } from '../../lib/bulk.ts';
import { conflict, fieldError, notFound } from '../../lib/errors.ts';
import { pagedResult, pageRequest, pageWindow, PICKER_SIZE_CAP } from '../../lib/pagination.ts';
import { NotSvgError, sanitizeSvg, SVG_MAX_DEPTH, SVG_MAX_ELEMENTS, SvgTooComplexError } from '../../lib/svg.ts';
import type { MediaStore, UploadedFile } from '../../lib/uploads.ts';
import { infrastructureRepository as repo, referencedIcons, type InfrastructureRecord } from './catalog.repository.ts';
import { canDelete, titledChanges, type TitledUpdate } from './catalog.rules.ts';
import type { TitledListQuery } from './tags.service.ts';

export type { InfrastructureRecord } from './catalog.repository.ts';

export interface InfrastructureDeps {
  db: Db;
  media: MediaStore;
  log: FastifyBaseLogger;
}

export type InfrastructureCreate = Record<LocalizedKey<'title'>, string> & { active: boolean; icon: UploadedFile };

// Stored paths name this folder, so it keeps the API's name.
const ICON_FOLDER = 'surroundings';

/** Checks from the bytes that the icon is an svg, and stores it without scripts or external references. */
async function storeIcon(deps: InfrastructureDeps, file: UploadedFile): Promise<string> {
  let clean: string;
  try {
    clean = await sanitizeSvg(file.bytes);
  } catch (error) {
    if (error instanceof NotSvgError) throw fieldError('icon', 'icon_not_svg');
    if (error instanceof SvgTooComplexError) {
      throw fieldError('icon', 'icon_too_complex', { depth: SVG_MAX_DEPTH, elements: SVG_MAX_ELEMENTS });
    }
    throw error;
  }
  return deps.media.save(ICON_FOLDER, 'svg', clean);
}

/** A file left behind is only litter; the database row is what counts. */
async function removeIcon(deps: InfrastructureDeps, stored: string) {
  await deps.media
    .remove(stored)
    .catch((error: unknown) => deps.log.warn({ err: error, stored }, 'could not remove an icon'));
}

/** Infrastructure feeds the station form's picker, so a page may hold up to 1000 items. */
export async function listInfrastructure(
  deps: InfrastructureDeps,
  query: TitledListQuery,
): Promise<Paged<InfrastructureRecord>> {
  const page = pageRequest(query, PICKER_SIZE_CAP);
  const { rows, total } = await repo.list(deps.db, { search: query.search, active: query.active }, pageWindow(page));
  return pagedResult(rows, total, page);
}

export async function createInfrastructure(
  deps: InfrastructureDeps,
  input: InfrastructureCreate,
): Promise<InfrastructureRecord> {
  const icon = await storeIcon(deps, input.icon);
  try {
    return await repo.insert(deps.db, { title: localizedFrom('title', input), status: statusOf(input.active), icon });
  } catch (error) {
    await removeIcon(deps, icon);
    throw error;
  }
}

export async function updateInfrastructure(
  deps: InfrastructureDeps,
  id: number,
  input: TitledUpdate & { icon?: UploadedFile | undefined },
): Promise<InfrastructureRecord> {
  // Sanitising comes first, outside the transaction; a refused or unused new file is removed again.
  const icon = input.icon ? await storeIcon(deps, input.icon) : undefined;
  const changes = { ...titledChanges(input), ...(icon !== undefined && { icon }) };
  let result: { item: InfrastructureRecord; previousIcon: string };
  try {
    result = await deps.db.transaction(async (tx) => {
      const existing = await repo.find(tx, id, { forUpdate: true });
      if (!existing) throw notFound();
      const item = Object.keys(changes).length ? await repo.update(tx, id, changes) : existing;
      return { item: item ?? existing, previousIcon: existing.icon };
    });
  } catch (error) {
    if (icon) await removeIcon(deps, icon);
    throw error;
  }
  if (icon) await removeIcon(deps, result.previousIcon);
  return result.item;
}

/** All the ids change, or none does. */
export function setInfrastructureStatuses(
  deps: InfrastructureDeps,
  input: StatusesRequest,
): Promise<InfrastructureRecord[]> {
  return changeEveryIdOrNone(deps.db, input.ids, (tx, ids) => repo.setStatuses(tx, ids, input.status));
}

export async function deleteInfrastructure(deps: InfrastructureDeps, id: number): Promise<void> {
  const icon = await deps.db.transaction(async (tx) => {
    const item = await repo.find(tx, id, { forUpdate: true });
    if (!item) throw notFound();
    if (!canDelete(item)) throw conflict('infrastructure_active_delete');
    await repo.remove(tx, id);
    return item.icon;
  });
  await removeIcon(deps, icon);
}

/** Icons written within this long may belong to an upload still in flight (in this or another process). */
const ORPHAN_AGE_MS = 10 * 60_000;

/**
 * Removes icon files no row names: a process stopped between writing an icon and committing its
 * row leaves one behind. Run at start; files newer than ten minutes are left alone.
 */
export async function removeOrphanIcons(deps: InfrastructureDeps, now = new Date()): Promise<number> {
  const [files, referenced] = await Promise.all([deps.media.list(ICON_FOLDER), referencedIcons(deps.db)]);
  const orphans = files.filter(
    (file) => !referenced.has(file.stored) && now.getTime() - file.modifiedAt.getTime() > ORPHAN_AGE_MS,
  );
  for (const file of orphans) await removeIcon(deps, file.stored);
  if (orphans.length) deps.log.info({ removed: orphans.length }, 'removed icon files no infrastructure item names');
  return orphans.length;
}

// ---- For other modules

/** The items of `ids` that exist, by id (a merchant's or a station's infrastructure). */
export function findInfrastructure(db: Db, ids: readonly number[]): Promise<InfrastructureRecord[]> {
  return repo.findMany(db, ids);
}

/** Those of `ids` that are infrastructure items, locked against deletion until the caller's transaction ends. */
export function lockExistingInfrastructure(db: Db, ids: readonly number[]): Promise<number[]> {
  return repo.lockExisting(db, ids);
}
