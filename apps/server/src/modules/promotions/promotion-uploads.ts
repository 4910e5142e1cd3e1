import {
  PROMOTION_IMAGE_MAX_BYTES,
  PROMOTION_IMAGE_MAX_MB,
  promotionCreateRequest,
  promotionUpdateRequest,
} from '@evcms/contracts/promotions';
import { z } from '@evcms/contracts/schema';
import { fileCheck, type IncomingFile } from '../../lib/media-files.ts';
import { isStreamedFile, multipartBody } from '../../lib/uploads.ts';

/*
 * The promotion form's image as the server checks it: streamed to a temporary file, its type read
 * from its first bytes, refused by the schema for a wrong type or size (naming the limit) before
 * the service moves it into the store.
 */

export const promotionUpload = multipartBody({
  image: { maxBytes: PROMOTION_IMAGE_MAX_BYTES, stream: true, maxFiles: 1 },
});

/** One jpg, jpeg or png up to 2 MB; a second one is refused rather than silently dropped. */
const image = z
  .custom<IncomingFile>(isStreamedFile, {
    error: (issue) =>
      issue.input === undefined
        ? 'promotion_image_required'
        : Array.isArray(issue.input)
          ? 'files_max'
          : 'promotion_image_type_invalid',
  })
  .check(
    fileCheck((file) => {
      if (file.type !== 'jpeg' && file.type !== 'png') return { message: 'promotion_image_type_invalid' };
      if (file.size > PROMOTION_IMAGE_MAX_BYTES) return { message: 'image_too_large', max: PROMOTION_IMAGE_MAX_MB };
      return undefined;
    }),
  );
z.globalRegistry.add(image, {
  type: 'string',
  format: 'binary',
  description: `A jpg, jpeg or png image up to ${PROMOTION_IMAGE_MAX_MB} MB`,
});

/** POST /ads/promotions/: the image is required. */
export const promotionCreateBody = z.extend(promotionCreateRequest, { image });

/** PATCH /ads/promotions/{id}/: an image only when a new one is chosen. */
export const promotionUpdateBody = z.extend(promotionUpdateRequest, { image: z.optional(image) });
