import { dateRangeParams } from './dates.ts';
import { DECIMALS, decimalUnits } from './decimal.ts';
import { exportQueryOf } from './exports.ts';
import type { Names } from './names.ts';
import { intParam, pageParams } from './query.ts';
import { z } from './schema.ts';

/*
 * Referrals (PRODUCT.md, Referral): a driver invited by another, linked by the inviter's referral
 * code when registered or later on the card; both are credited the bonuses set on
 * /list-of-referrals when the invited driver's first paid charge completes, once.
 */

/** Som per bonus: a typing slip should not promise a fortune to every invitation. */
export const REFERRAL_BONUS_MAX = 100_000;

/** A driver's referral code: 8 hex digits (drivers.referral_code), typed in any case and kept upper-case. */
export const referralCode = z.pipe(
  z.string({ error: 'referral_code_format' }).check(z.trim()),
  z.pipe(
    z.transform((value: string) => value.toUpperCase()),
    z.string().check(z.regex(/^[0-9A-F]{8}$/, { error: 'referral_code_format' })),
  ),
);

/** PUT /users/{id}/inviter/: the inviter named by the referral code the invited driver was given. */
export const inviterRequest = z.object({ referral_code: referralCode });
export type InviterRequest = z.input<typeof inviterRequest>;

/** A bonus in som, 0 (nothing is paid) up to REFERRAL_BONUS_MAX, parsed to tyiyn. */
const bonus = decimalUnits({ decimals: DECIMALS.money, min: 0, max: REFERRAL_BONUS_MAX });

/** PUT /referrals/settings/: both bonuses, in som. */
export const referralSettingsRequest = z.object({ inviter_bonus: bonus, invited_bonus: bonus });
export type ReferralSettingsRequest = z.input<typeof referralSettingsRequest>;
export type ReferralSettingsUpdate = z.output<typeof referralSettingsRequest>;

/** GET and PUT /referrals/settings/: the bonuses paid from now on, in som. */
export const referralSettings = z.object({
  inviter_bonus: z.number(),
  invited_bonus: z.number(),
  updated_at: z.string(),
});
export type ReferralSettings = z.infer<typeof referralSettings>;

export const REFERRAL_STATUSES = ['pending', 'rewarded'] as const;
export type ReferralStatus = (typeof REFERRAL_STATUSES)[number];

/** GET /referrals/: newest link first; `period` the linked date in Bishkek days; `driver` either side's id. */
export const referralListQuery = z.object({
  ...pageParams,
  ...dateRangeParams('period'),
  driver: intParam(1),
  status: z.pipe(
    z.optional(z.enum([...REFERRAL_STATUSES, ''], { error: 'invalid_choice' })),
    z.transform((value) => (value ? value : undefined)),
  ),
});
export type ReferralListQuery = z.input<typeof referralListQuery>;
export type ReferralFilters = z.output<typeof referralListQuery>;

/** GET /referrals/export/: the list's filters and `format` (xlsx or csv). */
export const referralExportQuery = exportQueryOf(referralListQuery);
export type ReferralExportQuery = z.output<typeof referralExportQuery>;

/** A driver beside a referral, and on the card as the inviter. */
export const referralDriver = z.object({ id: z.number(), name: z.string() });
export type ReferralDriver = z.infer<typeof referralDriver>;

const listDriver = z.extend(referralDriver, { phone: z.string(), account: z.string() });

/** A row of /referrals/: the bonuses and the charge that earned them once rewarded, null while pending. */
export const referral = z.object({
  invited: listDriver,
  inviter: listDriver,
  linked_at: z.string(),
  status: z.enum(REFERRAL_STATUSES),
  inviter_bonus: z.nullable(z.number()),
  invited_bonus: z.nullable(z.number()),
  rewarded_at: z.nullable(z.string()),
  charge_id: z.nullable(z.number()),
});
export type Referral = z.infer<typeof referral>;

/** The export's sheet name and column headers, in each language. */
export const REFERRAL_EXPORT_LABELS = {
  sheet: { ru: 'Рефералы', en: 'Referrals', ky: 'Рефералдар' },
  inviter: { ru: 'Пригласивший', en: 'Inviter', ky: 'Чакырган' },
  inviter_phone: { ru: 'Телефон пригласившего', en: "Inviter's phone", ky: 'Чакыргандын телефону' },
  invited: { ru: 'Приглашённый', en: 'Invited', ky: 'Чакырылган' },
  invited_phone: { ru: 'Телефон приглашённого', en: "Invited driver's phone", ky: 'Чакырылгандын телефону' },
  linked_at: { ru: 'Дата привязки', en: 'Linked', ky: 'Байланган күнү' },
  status: { ru: 'Статус', en: 'Status', ky: 'Абалы' },
  inviter_bonus: { ru: 'Бонус пригласившему, сом', en: 'Inviter bonus, som', ky: 'Чакырганга бонус, сом' },
  invited_bonus: { ru: 'Бонус приглашённому, сом', en: 'Invited bonus, som', ky: 'Чакырылганга бонус, сом' },
  rewarded_at: { ru: 'Дата начисления', en: 'Rewarded', ky: 'Берилген күнү' },
  charge_id: { ru: 'Зарядка', en: 'Charge', ky: 'Кубаттоо' },
  pending: { ru: 'Ожидает', en: 'Pending', ky: 'Күтүүдө' },
  rewarded: { ru: 'Начислено', en: 'Rewarded', ky: 'Берилди' },
} as const satisfies Record<string, Names>;
