import { z } from './schema.ts';

/*
 * Lists that can be downloaded (drivers, the ledger, charges) take the list's own filters, without
 * its paging, plus `format`: `exportQueryOf(chargeListQuery)`.
 */

export const EXPORT_FORMATS = ['xlsx', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/**
 * xlsx unless asked otherwise (spec 3: export formats xlsx and csv); absent or empty is xlsx, as
 * an empty filter is no filter; anything else is a 400 on `format`.
 */
export const exportFormat = z.pipe(
  z.optional(z.enum([...EXPORT_FORMATS, ''])),
  z.transform((value): ExportFormat => value || 'xlsx'),
);

export const exportQuery = { format: exportFormat };

/** The export query of a paged list: the list's filters in its order (no `page`, no `size`), then `format`. */
export function exportQueryOf<S extends z.core.$ZodShape & { page: unknown; size: unknown }>(listQuery: { shape: S }) {
  const { page: _page, size: _size, ...filters } = listQuery.shape;
  return z.object({ ...filters, ...exportQuery });
}
