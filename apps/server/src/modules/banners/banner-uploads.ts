import {
  BANNER_IMAGE_MAX_BYTES,
  BANNER_IMAGE_MAX_MB,
  bannerCreateRequest,
  bannerUpdateRequest,
} from '@evcms/contracts/banners';
import { z } from '@evcms/contracts/schema';
import { fileCheck, type IncomingFile } from '../../lib/media-files.ts';
import { isStreamedFile, multipartBody } from '../../lib/uploads.ts';

/*
 * The banner form's image as the server checks it: streamed to a temporary file, its type read
 * from its first bytes, refused for a wrong type or size (naming the limit) before the service
 * moves it into the store.
 */

export const bannerUpload = multipartBody({
  image: { maxBytes: BANNER_IMAGE_MAX_BYTES, stream: true, maxFiles: 1 },
});

/** One jpg, jpeg or png up to 2 MB; a second one is refused rather than silently dropped. */
const image = z
  .custom<IncomingFile>(isStreamedFile, {
    error: (issue) =>
      issue.input === undefined
        ? 'banner_image_required'
        : Array.isArray(issue.input)
          ? 'files_max'
          : 'banner_image_type_invalid',
  })
  .check(
    fileCheck((file) => {
      if (file.type !== 'jpeg' && file.type !== 'png') return { message: 'banner_image_type_invalid' };
      if (file.size > BANNER_IMAGE_MAX_BYTES) return { message: 'image_too_large', max: BANNER_IMAGE_MAX_MB };
      return undefined;
    }),
  );
z.globalRegistry.add(image, {
  type: 'string',
  format: 'binary',
  description: `A jpg, jpeg or png image up to ${BANNER_IMAGE_MAX_MB} MB`,
});

/** POST /ads/banners/: the image is required. */
export const bannerCreateBody = z.extend(bannerCreateRequest, { image });

/** PATCH /ads/banners/{id}/: an image only when a new one is chosen. */
export const bannerUpdateBody = z.extend(bannerUpdateRequest, { image: z.optional(image) });
