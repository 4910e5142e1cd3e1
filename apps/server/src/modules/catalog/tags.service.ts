import type { StatusesRequest, Tag } from '@evcms/contracts/catalog';
import type { Paged } from '@evcms/contracts/common';
import type { Lang } from '@evcms/contracts/i18n';
import type { Db } from '../../db/client.ts';
import { changeEveryIdOrNone } from '../../lib/bulk.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { inLanguage } from '../../lib/lang.ts';
import { pagedResult, pageRequest, pageWindow, PICKER_SIZE_CAP } from '../../lib/pagination.ts';
import { isActive, statusOf } from '../../lib/status.ts';
import { canDelete, titledValues, type TitledChanges, type TitledListQuery } from './catalog.rules.ts';
import { tagsRepository as repo, type TagRow } from './catalog.repository.ts';

export interface TagsDeps {
  db: Db;
}

export function toTag(row: TagRow, lang: Lang): Tag {
  return {
    id: row.id,
    title_ru: row.titleRu,
    title_en: row.titleEn,
    title_ky: row.titleKy,
    title: inLanguage({ ru: row.titleRu, en: row.titleEn, ky: row.titleKy }, lang),
    active: isActive(row),
  };
}

/** Tags feed the station form's picker, so a page may hold up to 1000 of them. */
export async function listTags(deps: TagsDeps, query: TitledListQuery, lang: Lang): Promise<Paged<Tag>> {
  const page = pageRequest(query, PICKER_SIZE_CAP);
  const { rows, total } = await repo.list(deps.db, { search: query.search, active: query.active }, pageWindow(page));
  return pagedResult(
    rows.map((row) => toTag(row, lang)),
    total,
    page,
  );
}

export async function createTag(
  deps: TagsDeps,
  input: { title_ru: string; title_en: string; title_ky: string; active: boolean },
  lang: Lang,
): Promise<Tag> {
  const row = await repo.insert(deps.db, {
    titleRu: input.title_ru,
    titleEn: input.title_en,
    titleKy: input.title_ky,
    status: statusOf(input.active),
  });
  return toTag(row, lang);
}

export async function updateTag(deps: TagsDeps, id: number, input: TitledChanges, lang: Lang): Promise<Tag> {
  const values = titledValues(input);
  const row = Object.keys(values).length ? await repo.update(deps.db, id, values) : await repo.find(deps.db, id);
  if (!row) throw notFound();
  return toTag(row, lang);
}

/** All the ids change, or none does. */
export async function setTagStatuses(deps: TagsDeps, input: StatusesRequest, lang: Lang): Promise<Tag[]> {
  const rows = await changeEveryIdOrNone(deps.db, input.ids, (tx, ids) => repo.setStatuses(tx, ids, input.status));
  return rows.map((row) => toTag(row, lang));
}

export async function deleteTag(deps: TagsDeps, id: number): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const row = await repo.find(tx, id, { forUpdate: true });
    if (!row) throw notFound();
    if (!canDelete(row)) throw conflict('tag_active_delete');
    await repo.remove(tx, id);
  });
}
