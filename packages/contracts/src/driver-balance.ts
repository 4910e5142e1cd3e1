import { dateRangeParams } from './dates.ts';
import { DECIMALS, decimalUnits } from './decimal.ts';
import { exportQueryOf } from './exports.ts';
import { isBlank } from './form-values.ts';
import { namesKeys, type Names } from './names.ts';
import { intParam, pageParams, searchParam } from './query.ts';
import { requiredText, z } from './schema.ts';

/*
 * A driver's balance and its ledger (the spec's "balance transaction": date, base, method, debit,
 * credit, deposit). Every change of a balance is one entry; a balance is the sum of its entries.
 * Debit takes money off the balance (a charge), credit puts it on (a top-up, a refund).
 */

/** Som, per top-up: a manager's typing slip should not put a fortune on a balance. */
export const TOP_UP_MAX = 1_000_000;
export const TOP_UP_MIN = 0.01;
export const BALANCE_REASON_MAX = 255;

/** How an entry came about; the key is stored, the name answered in the request's language. */
export const BALANCE_METHODS = {
  manager_top_up: { ru: 'Пополнение менеджером', en: 'Top-up by a manager', ky: 'Менеджер толуктаган' },
  online_top_up: { ru: 'Онлайн-пополнение', en: 'Online top-up', ky: 'Онлайн толуктоо' },
  charge: { ru: 'Оплата зарядки', en: 'Charge payment', ky: 'Кубаттоо үчүн төлөм' },
  refund: { ru: 'Возврат', en: 'Refund', ky: 'Кайтарым' },
  promo_code: { ru: 'Промокод', en: 'Promo code', ky: 'Промокод' },
  referral: { ru: 'Реферальный бонус', en: 'Referral bonus', ky: 'Реферал бонусу' },
} as const satisfies Record<string, Names>;
export type BalanceMethod = keyof typeof BALANCE_METHODS;
export const BALANCE_METHOD_KEYS = namesKeys(BALANCE_METHODS);

/** Som with at most two decimals, 0.01..1,000,000, as a number or numeric text; parsed to tyiyn. Blank: 'Top up your balance'. */
export const topUpAmount = z.pipe(
  z.transform((value: unknown, ctx) => {
    if (!isBlank(value)) return value as number | string;
    ctx.issues.push({ code: 'custom', input: value, message: 'balance_top_up' });
    return z.NEVER;
  }),
  decimalUnits({ decimals: DECIMALS.money, min: TOP_UP_MIN, max: TOP_UP_MAX }),
);

/** PATCH /users/{id}/balance/: a manager's top-up and why; answers the driver. */
export const balanceTopUpRequest = z.object({ amount: topUpAmount, reason: requiredText(BALANCE_REASON_MAX) });
export type BalanceTopUpRequest = z.input<typeof balanceTopUpRequest>;
/** As parsed: `amount` in tyiyn. */
export type BalanceTopUp = z.output<typeof balanceTopUpRequest>;

/** GET /users/payments/: newest first; the period in Bishkek days, both ends included; `search` the driver's name, phone or account. */
export const balanceEntryListQuery = z.object({
  ...pageParams,
  ...dateRangeParams('period'),
  search: searchParam,
  /** A driver's id: that driver's entries only. */
  user: intParam(1),
});
export type BalanceEntryListQuery = z.input<typeof balanceEntryListQuery>;

/** GET /users/payments/export/: the ledger's filters (no paging) and `format` (xlsx or csv). */
export const balanceEntryExportQuery = exportQueryOf(balanceEntryListQuery);
export type BalanceEntryExportQuery = z.output<typeof balanceEntryExportQuery>;

/** The ledger export's sheet name and column headers, in each language (the web's ledger columns). */
export const BALANCE_EXPORT_LABELS = {
  sheet: { ru: 'Операции по балансу', en: 'Balance operations', ky: 'Баланс боюнча операциялар' },
  date: { ru: 'Дата', en: 'Date', ky: 'Күнү' },
  account: { ru: 'Лицевой счёт', en: 'Account', ky: 'Жеке эсеп' },
  driver: { ru: 'Пользователь', en: 'User', ky: 'Колдонуучу' },
  phone: { ru: 'Телефон', en: 'Phone', ky: 'Телефон' },
  reason: { ru: 'Основание', en: 'Reason', ky: 'Негиздеме' },
  method: { ru: 'Способ', en: 'Method', ky: 'Ыкмасы' },
  debit: { ru: 'Списание, сом', en: 'Debit, som', ky: 'Чегерилди, сом' },
  credit: { ru: 'Зачисление, сом', en: 'Credit, som', ky: 'Түштү, сом' },
  deposit: { ru: 'Остаток, сом', en: 'Deposit, som', ky: 'Калдык, сом' },
} as const satisfies Record<string, Names>;

const id = z.number().check(z.int());

/** One ledger entry as answered; money in som, one of `debit` and `credit` above zero. */
export const balanceEntry = z.object({
  id,
  /** When it was written (ISO, UTC). */
  date: z.string(),
  driver: z.object({ id, name: z.string(), phone: z.string(), account: z.string() }),
  /** The spec's "base": a manager's reason, or what the charge services write. */
  reason: z.string(),
  method: z.enum(BALANCE_METHOD_KEYS),
  /** The method's name in the request's language. */
  method_name: z.string(),
  debit: z.number(),
  credit: z.number(),
  /** The balance after this entry (the spec's "deposit"). */
  deposit: z.number(),
  charge_id: z.nullable(id),
  /** The manager who wrote it (a top-up); null for the charge services' entries or a removed account. */
  manager: z.nullable(z.string()),
});
export type BalanceEntry = z.infer<typeof balanceEntry>;
