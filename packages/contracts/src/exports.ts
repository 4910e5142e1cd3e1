import { z } from './schema.ts';

/*
 * Lists that can be downloaded (drivers, the ledger, charges) take the list's own filters plus
 * `format`: spread `exportQuery` into the list's query object,
 * `z.object({ ...chargeFilters, ...exportQuery })`.
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
