import {
  PROMOTION_IMAGE_MAX_BYTES,
  PROMOTION_IMAGE_MAX_MB,
  promotionCreateRequest,
  promotionUpdateRequest,
} from '@evcms/contracts/promotions';
import { z } from '@evcms/contracts/schema';
import { jpegOrPngImage } from '../../lib/media-files.ts';
import { multipartBody } from '../../lib/uploads.ts';

/*
 * The promotion form's image as the server checks it: streamed to a temporary file, its type read
 * from its first bytes, refused by the schema for a wrong type or size (naming the limit) before
 * the service moves it into the store.
 */

export const promotionUpload = multipartBody({
  image: { maxBytes: PROMOTION_IMAGE_MAX_BYTES, stream: true, maxFiles: 1 },
});

const image = jpegOrPngImage({
  maxMb: PROMOTION_IMAGE_MAX_MB,
  required: 'promotion_image_required',
  typeInvalid: 'promotion_image_type_invalid',
});

/** POST /ads/promotions/: the image is required. */
export const promotionCreateBody = z.extend(promotionCreateRequest, { image });

/** PATCH /ads/promotions/{id}/: an image only when a new one is chosen. */
export const promotionUpdateBody = z.extend(promotionUpdateRequest, { image: z.optional(image) });
