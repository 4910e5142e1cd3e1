import type { LocalizedKey } from '@evcms/contracts/localized';
import type { Status } from '@evcms/contracts/status';
import type { CropData } from '../../components/image-crop/crop-math.ts';

/*
 * The multipart body of POST /ads/promotions/ and PATCH /ads/promotions/{id}/ (spec 7): the fields
 * as text (a value left empty as ''), the stations as repeated values, the cropped image as `image`
 * and where its crop lies as `crop[percent][x]` ... `crop[pixels][height]`.
 */

/** The promotion's own fields as they are sent; '' for a field left empty (the discount not chosen). */
export type PromotionFields = Record<LocalizedKey<'title'>, string> & {
  initiator: string;
  merchant: number | '';
  min_charge_amount: number | '';
  min_charges: number | '';
  discount_percent: number | '';
  discount_amount: number | '';
  stations: number[];
  start_at: string;
  end_at: string;
  happy_hours_start: string;
  happy_hours_end: string;
  status: Status;
};

/** A create's body (every field, the image) or an edit's (the changed fields, the image when a new one was chosen). */
export type PromotionBody = Partial<PromotionFields> & { image?: File; crop?: CropData };

const CROP_PARTS = ['percent', 'pixels'] as const;
const CROP_SIDES = ['x', 'y', 'width', 'height'] as const;
// The contract reads crop figures to 4 decimals; the cropper's percentages have more.
const cropFigure = (value: number) => String(Number(value.toFixed(4)));

export function promotionFormData(body: PromotionBody): FormData {
  const data = new FormData();
  const { image, crop, stations, ...fields } = body;
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) data.append(name, String(value));
  for (const id of stations ?? []) data.append('stations', String(id));
  if (image) data.append('image', image, image.name);
  if (crop)
    for (const part of CROP_PARTS)
      for (const side of CROP_SIDES) data.append(`crop[${part}][${side}]`, cropFigure(crop[part][side]));
  return data;
}
