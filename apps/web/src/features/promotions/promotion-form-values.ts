import { localizedFields, localizedKeys, type LocalizedKey } from '@evcms/contracts/localized';
import {
  promotionCreateRequest,
  promotionTermsProblems,
  type Promotion,
  type PromotionInitiator,
  type TermsProblem,
} from '@evcms/contracts/promotions';
import { z } from '@evcms/contracts/schema';
import { isActive, statusOf } from '@evcms/contracts/status';
import type { CroppedImageValue } from '../../components/image-crop/cropped-image-field.tsx';
import { inEveryLang } from '../../components/multilingual-stepper/form-langs.ts';
import type { PromotionBody, PromotionFields } from './promotion-form-data.ts';

/** Which of the two discounts the promotion gives: the other is sent empty. */
export type DiscountKind = 'percent' | 'amount';

/** The image field's value (components/image-crop/cropped-image-field.tsx). */
export type PromotionImageValue = CroppedImageValue;

/**
 * The promotion form's fields, named as the API names them: numbers and choices null until given,
 * the period's ends as instants with their offset and happy hours as HH:mm:ss (the pickers convert
 * at their edge), the status as the switch has it.
 */
export type PromotionFormValues = Record<LocalizedKey<'title'>, string> & {
  initiator: PromotionInitiator | null;
  merchant: number | null;
  min_charge_amount: number | null;
  min_charges: number | null;
  discount_kind: DiscountKind;
  discount_percent: number | null;
  discount_amount: number | null;
  stations: number[];
  start_at: string | null;
  end_at: string | null;
  happy_hours_start: string | null;
  happy_hours_end: string | null;
  active: boolean;
  image: PromotionImageValue;
};

export const EMPTY_PROMOTION_FORM: PromotionFormValues = {
  ...localizedFields('title', inEveryLang('')),
  initiator: null,
  merchant: null,
  min_charge_amount: 0,
  min_charges: 0,
  discount_kind: 'percent',
  discount_percent: null,
  discount_amount: null,
  stations: [],
  start_at: null,
  end_at: null,
  happy_hours_start: null,
  happy_hours_end: null,
  // Spec: a new promotion is active unless the manager says otherwise.
  active: true,
  image: { url: null },
};

/** The stored promotion as the edit form starts. */
export function formValuesOf(promotion: Promotion): PromotionFormValues {
  const titles = Object.fromEntries(localizedKeys('title').map((key) => [key, promotion[key]]));
  return {
    ...(titles as Record<LocalizedKey<'title'>, string>),
    initiator: promotion.initiator,
    merchant: promotion.merchant,
    min_charge_amount: promotion.min_charge_amount,
    min_charges: promotion.min_charges,
    discount_kind: promotion.discount_amount === null ? 'percent' : 'amount',
    discount_percent: promotion.discount_percent,
    discount_amount: promotion.discount_amount,
    stations: promotion.stations.map((station) => station.id),
    start_at: promotion.start_at,
    end_at: promotion.end_at,
    happy_hours_start: promotion.happy_hours_start,
    happy_hours_end: promotion.happy_hours_end,
    active: isActive(promotion.status),
    image: { url: promotion.image },
  };
}

const blank = <T>(value: T | null | undefined): T | '' => value ?? '';

/**
 * The fields as they are sent: the merchant only for a merchant initiator, the discount not chosen
 * as '', the stations in order. The form's rules have checked the values; a field left empty goes
 * as '' and the server says so.
 */
export function toPromotionFields(values: PromotionFormValues): PromotionFields {
  const titles = Object.fromEntries(localizedKeys('title').map((key) => [key, values[key].trim()]));
  const percent = values.discount_kind === 'percent';
  return {
    ...(titles as Record<LocalizedKey<'title'>, string>),
    initiator: blank(values.initiator),
    merchant: values.initiator === 'merchant' ? blank(values.merchant) : '',
    min_charge_amount: blank(values.min_charge_amount),
    min_charges: blank(values.min_charges),
    discount_percent: percent ? blank(values.discount_percent) : '',
    discount_amount: percent ? '' : blank(values.discount_amount),
    stations: [...values.stations].sort((a, b) => a - b),
    start_at: blank(values.start_at),
    end_at: blank(values.end_at),
    happy_hours_start: blank(values.happy_hours_start),
    happy_hours_end: blank(values.happy_hours_end),
    status: statusOf(values.active),
  };
}

/** POST's body: every field, the cropped image and its crop data. */
export function toPromotionBody(values: PromotionFormValues): PromotionBody {
  const { file, crop } = values.image;
  return { ...toPromotionFields(values), ...(file && { image: file }), ...(crop && { crop }) };
}

/** The fields whose value differs from the stored one, and a newly chosen image: the body of the PATCH. */
export function changedFields(before: PromotionFormValues, after: PromotionFormValues): PromotionBody {
  const from = toPromotionFields(before);
  const to = toPromotionFields(after);
  const changes: Record<string, unknown> = {};
  for (const key of Object.keys(to) as (keyof PromotionFields)[]) {
    if (JSON.stringify(to[key]) !== JSON.stringify(from[key])) changes[key] = to[key];
  }
  const { file, crop } = after.image;
  if (file && file !== before.image.file) Object.assign(changes, { image: file }, crop && { crop });
  return changes as PromotionBody;
}

// The fields spec 5's rules read together, parsed by the contract as the server parses them.
const shape = promotionCreateRequest.shape;
const termsFields = z.object({
  initiator: shape.initiator,
  merchant: shape.merchant,
  min_charge_amount: shape.min_charge_amount,
  discount_percent: shape.discount_percent,
  discount_amount: shape.discount_amount,
  stations: shape.stations,
  start_at: shape.start_at,
  end_at: shape.end_at,
  happy_hours_start: shape.happy_hours_start,
  happy_hours_end: shape.happy_hours_end,
});

/**
 * What is wrong with the fields together (`promotionTermsProblems`, as the server checks it), the
 * discount's problem said on the discount field shown. Nothing while a field is wrong on its own:
 * its own rule says so first.
 */
export function promotionProblems(values: PromotionFormValues): TermsProblem[] {
  const parsed = termsFields.safeParse(toPromotionFields(values));
  if (!parsed.success) return [];
  const fields = parsed.data;
  const problems = promotionTermsProblems({
    initiator: fields.initiator,
    merchant: fields.merchant,
    minChargeTyiyn: fields.min_charge_amount,
    discountBasisPoints: fields.discount_percent,
    discountTyiyn: fields.discount_amount,
    stations: fields.stations,
    startAt: fields.start_at,
    endAt: fields.end_at,
    happyHoursStart: fields.happy_hours_start,
    happyHoursEnd: fields.happy_hours_end,
  });
  const shownDiscount = values.discount_kind === 'percent' ? 'discount_percent' : 'discount_amount';
  return problems.map((problem) =>
    problem.message === 'promotion_discount_one' ? { ...problem, field: shownDiscount } : problem,
  );
}
