import {
  BANNER_IMAGE_MAX_BYTES,
  BANNER_IMAGE_MAX_MB,
  bannerCreateRequest,
  bannerUpdateRequest,
} from '@evcms/contracts/banners';
import { z } from '@evcms/contracts/schema';
import { jpegOrPngImage } from '../../lib/media-files.ts';
import { multipartBody } from '../../lib/uploads.ts';

/*
 * The banner form's image as the server checks it: streamed to a temporary file, its type read
 * from its first bytes, refused for a wrong type or size (naming the limit) before the service
 * moves it into the store.
 */

export const bannerUpload = multipartBody({
  image: { maxBytes: BANNER_IMAGE_MAX_BYTES, stream: true, maxFiles: 1 },
});

const image = jpegOrPngImage({
  maxMb: BANNER_IMAGE_MAX_MB,
  required: 'banner_image_required',
  typeInvalid: 'banner_image_type_invalid',
});

/** POST /ads/banners/: the image is required. */
export const bannerCreateBody = z.extend(bannerCreateRequest, { image });

/** PATCH /ads/banners/{id}/: an image only when a new one is chosen. */
export const bannerUpdateBody = z.extend(bannerUpdateRequest, { image: z.optional(image) });
