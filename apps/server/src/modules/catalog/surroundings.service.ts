import type { StatusesRequest, Surrounding } from '@evcms/contracts/catalog';
import type { Paged } from '@evcms/contracts/common';
import type { Lang } from '@evcms/contracts/i18n';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { changeEveryIdOrNone } from '../../lib/bulk.ts';
import { conflict, fieldError, notFound } from '../../lib/errors.ts';
import { inLanguage } from '../../lib/lang.ts';
import { pagedResult, pageRequest, pageWindow, PICKER_SIZE_CAP } from '../../lib/pagination.ts';
import { isActive, statusOf } from '../../lib/status.ts';
import { NotSvgError, sanitizeSvg } from '../../lib/svg.ts';
import type { MediaStore, UploadedFile } from '../../lib/uploads.ts';
import { canDelete, titledValues, type TitledChanges, type TitledListQuery } from './catalog.rules.ts';
import { surroundingsRepository as repo, type SurroundingRow } from './catalog.repository.ts';

export interface SurroundingsDeps {
  db: Db;
  media: MediaStore;
  log: FastifyBaseLogger;
}

const ICON_FOLDER = 'surroundings';

export function toSurrounding(row: SurroundingRow, lang: Lang, media: MediaStore): Surrounding {
  return {
    id: row.id,
    title_ru: row.titleRu,
    title_en: row.titleEn,
    title_ky: row.titleKy,
    title: inLanguage({ ru: row.titleRu, en: row.titleEn, ky: row.titleKy }, lang),
    icon_path: media.urlOf(row.icon),
    active: isActive(row),
  };
}

/** Checks from the bytes that the icon is an svg, and stores it without scripts or external references. */
async function storeIcon(deps: SurroundingsDeps, file: UploadedFile): Promise<string> {
  let clean: string;
  try {
    clean = await sanitizeSvg(file.bytes);
  } catch (error) {
    if (error instanceof NotSvgError) throw fieldError('icon', 'icon_not_svg');
    throw error;
  }
  return deps.media.save(ICON_FOLDER, 'svg', clean);
}

/** A file left behind is only litter; the database row is what counts. */
async function removeIcon(deps: SurroundingsDeps, stored: string) {
  await deps.media.remove(stored).catch((error: unknown) => deps.log.warn({ err: error, stored }, 'could not remove an icon'));
}

export async function listSurroundings(deps: SurroundingsDeps, query: TitledListQuery, lang: Lang): Promise<Paged<Surrounding>> {
  const page = pageRequest(query, PICKER_SIZE_CAP);
  const { rows, total } = await repo.list(deps.db, { search: query.search, active: query.active }, pageWindow(page));
  return pagedResult(
    rows.map((row) => toSurrounding(row, lang, deps.media)),
    total,
    page,
  );
}

export async function createSurrounding(
  deps: SurroundingsDeps,
  input: { title_ru: string; title_en: string; title_ky: string; active: boolean; icon: UploadedFile },
  lang: Lang,
): Promise<Surrounding> {
  const icon = await storeIcon(deps, input.icon);
  try {
    const row = await repo.insert(deps.db, {
      titleRu: input.title_ru,
      titleEn: input.title_en,
      titleKy: input.title_ky,
      icon,
      status: statusOf(input.active),
    });
    return toSurrounding(row, lang, deps.media);
  } catch (error) {
    await removeIcon(deps, icon);
    throw error;
  }
}

export async function updateSurrounding(
  deps: SurroundingsDeps,
  id: number,
  input: TitledChanges & { icon?: UploadedFile | undefined },
  lang: Lang,
): Promise<Surrounding> {
  // Sanitising comes first, outside the transaction; a refused or unused new file is removed again.
  const icon = input.icon ? await storeIcon(deps, input.icon) : undefined;
  const values: Partial<Omit<SurroundingRow, 'id' | 'createdAt' | 'updatedAt'>> = { ...titledValues(input), ...(icon !== undefined && { icon }) };
  let result: { row: SurroundingRow; previousIcon: string };
  try {
    result = await deps.db.transaction(async (tx) => {
      const existing = await repo.find(tx, id, { forUpdate: true });
      if (!existing) throw notFound();
      const row = Object.keys(values).length ? await repo.update(tx, id, values) : existing;
      return { row: row ?? existing, previousIcon: existing.icon };
    });
  } catch (error) {
    if (icon) await removeIcon(deps, icon);
    throw error;
  }
  if (icon) await removeIcon(deps, result.previousIcon);
  return toSurrounding(result.row, lang, deps.media);
}

/** All the ids change, or none does. */
export async function setSurroundingStatuses(deps: SurroundingsDeps, input: StatusesRequest, lang: Lang): Promise<Surrounding[]> {
  const rows = await changeEveryIdOrNone(deps.db, input.ids, (tx, ids) => repo.setStatuses(tx, ids, input.status));
  return rows.map((row) => toSurrounding(row, lang, deps.media));
}

export async function deleteSurrounding(deps: SurroundingsDeps, id: number): Promise<void> {
  const icon = await deps.db.transaction(async (tx) => {
    const row = await repo.find(tx, id, { forUpdate: true });
    if (!row) throw notFound();
    if (!canDelete(row)) throw conflict('surrounding_active_delete');
    await repo.remove(tx, id);
    return row.icon;
  });
  await removeIcon(deps, icon);
}
