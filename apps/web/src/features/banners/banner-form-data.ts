import type { Status } from '@evcms/contracts/status';
import type { CropData } from '../../components/image-crop/crop-math.ts';

/*
 * The multipart body of POST /ads/banners/ and PATCH /ads/banners/{id}/ (spec 7): the fields as
 * text (a value left empty as ''), the stations as repeated values, the cropped image as `image`
 * and where its crop lies as `crop[percent][x]` ... `crop[pixels][height]`.
 */

/** A banner's or fullscreen's own fields as they are sent; '' for a field left empty. */
export interface BannerFields {
  type: string;
  name: string;
  link: string;
  merchant: number | '';
  start_at: string;
  end_at: string;
  status: Status;
  /** Banners only. */
  button_name: string;
  button_colour: string;
  stations: number[];
  /** Fullscreens only. */
  category: string;
  destination: string;
}

/** A create's body (every field of its type, the image) or an edit's (the changed fields, the image when a new one was chosen). */
export type BannerBody = Partial<BannerFields> & { image?: File; crop?: CropData };

const CROP_PARTS = ['percent', 'pixels'] as const;
const CROP_SIDES = ['x', 'y', 'width', 'height'] as const;
// The contract reads crop figures to 4 decimals; the cropper's percentages have more.
const cropFigure = (value: number) => String(Number(value.toFixed(4)));

export function bannerFormData(body: BannerBody): FormData {
  const data = new FormData();
  const { image, crop, stations, ...fields } = body;
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) data.append(name, String(value));
  // No repeated value reads as "unchanged": an emptied list is said by one ''.
  if (stations?.length === 0) data.append('stations', '');
  for (const id of stations ?? []) data.append('stations', String(id));
  if (image) data.append('image', image, image.name);
  if (crop)
    for (const part of CROP_PARTS)
      for (const side of CROP_SIDES) data.append(`crop[${part}][${side}]`, cropFigure(crop[part][side]));
  return data;
}
