import type { PgColumn } from 'drizzle-orm/pg-core';
import type { CHARGE_EXPORT_LABELS } from '@evcms/contracts/charges';
import { DECIMALS } from '@evcms/contracts/decimal';
import { charges } from '../../db/schema/charges.ts';

/*
 * The charge export's energy and money cells, in the file's order, written once for both of its
 * writers: the columns of csv.ts and xlsx (charges-export.ts) and PostgreSQL's csv
 * (charges-export-csv.ts), and both reads (charges-export.repository.ts). Each is a column of the
 * charge as the price rule wrote it (charges.rules.ts chargePrice: amount, discount, total), so a
 * new money column is added here and every writer shows it.
 */

/** The row's field of each amount (charges-export.repository.ts ChargeExportRow): whole minor units. */
export type ChargeExportAmountField = 'consumedWh' | 'priceTyiyn' | 'amountTyiyn' | 'discountTyiyn' | 'totalTyiyn';

export interface ChargeExportAmount {
  label: keyof typeof CHARGE_EXPORT_LABELS;
  field: ChargeExportAmountField;
  column: PgColumn;
  /** Decimals shown (contracts DECIMALS). */
  scale: number;
}

const { money, energy } = DECIMALS;

export const CHARGE_EXPORT_AMOUNTS: readonly ChargeExportAmount[] = [
  { label: 'consumed', field: 'consumedWh', column: charges.consumedWh, scale: energy },
  { label: 'price', field: 'priceTyiyn', column: charges.priceTyiyn, scale: money },
  { label: 'amount', field: 'amountTyiyn', column: charges.amountTyiyn, scale: money },
  { label: 'discount', field: 'discountTyiyn', column: charges.discountTyiyn, scale: money },
  { label: 'total', field: 'totalTyiyn', column: charges.totalTyiyn, scale: money },
];

/** The promotion's name is written right after the amount of this index, the discount it gave (charges-export.ts, charges-export-csv.ts). */
export const PROMOTION_AFTER_AMOUNT = CHARGE_EXPORT_AMOUNTS.findIndex(({ label }) => label === 'discount');
