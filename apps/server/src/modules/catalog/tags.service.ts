import type { Paged } from '@evcms/contracts/common';
import { localizedFrom, type LocalizedKey } from '@evcms/contracts/localized';
import { statusOf, type StatusesRequest } from '@evcms/contracts/status';
import type { Db } from '../../db/client.ts';
import { changeEveryIdOrNone } from '../../lib/bulk.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { pagedResult, pageRequest, pageWindow, PICKER_SIZE_CAP } from '../../lib/pagination.ts';
import { tagsRepository as repo, type TagRecord, type TitledFilter } from './catalog.repository.ts';
import { canDelete, titledChanges, type TitledUpdate } from './catalog.rules.ts';

export type { TagRecord } from './catalog.repository.ts';

export interface TagsDeps {
  db: Db;
}

export type TitledListQuery = TitledFilter & { page?: number | undefined; size?: number | undefined };
export type TagCreate = Record<LocalizedKey<'title'>, string> & { active: boolean };

/** Tags feed the station form's picker, so a page may hold up to 1000 of them. */
export async function listTags(deps: TagsDeps, query: TitledListQuery): Promise<Paged<TagRecord>> {
  const page = pageRequest(query, PICKER_SIZE_CAP);
  const { rows, total } = await repo.list(deps.db, { search: query.search, active: query.active }, pageWindow(page));
  return pagedResult(rows, total, page);
}

export function createTag(deps: TagsDeps, input: TagCreate): Promise<TagRecord> {
  return repo.insert(deps.db, { title: localizedFrom('title', input), status: statusOf(input.active) });
}

export async function updateTag(deps: TagsDeps, id: number, input: TitledUpdate): Promise<TagRecord> {
  const changes = titledChanges(input);
  const tag = Object.keys(changes).length ? await repo.update(deps.db, id, changes) : await repo.find(deps.db, id);
  if (!tag) throw notFound();
  return tag;
}

/** All the ids change, or none does. */
export function setTagStatuses(deps: TagsDeps, input: StatusesRequest): Promise<TagRecord[]> {
  return changeEveryIdOrNone(deps.db, input.ids, (tx, ids) => repo.setStatuses(tx, ids, input.status));
}

export async function deleteTag(deps: TagsDeps, id: number): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const tag = await repo.find(tx, id, { forUpdate: true });
    if (!tag) throw notFound();
    if (!canDelete(tag)) throw conflict('tag_active_delete');
    await repo.remove(tx, id);
  });
}

// ---- For other modules

/** The tags of `ids` that exist, by id (a merchant's or a station's tags). */
export function findTags(db: Db, ids: readonly number[]): Promise<TagRecord[]> {
  return repo.findMany(db, ids);
}

/** Those of `ids` that are tags, locked against deletion until the caller's transaction ends. */
export function lockExistingTags(db: Db, ids: readonly number[]): Promise<number[]> {
  return repo.lockExisting(db, ids);
}
