import { wholeNumber } from './common.ts';
import type { MessageKey } from './messages.ts';
import { z } from './schema.ts';

/*
 * A station's photos, videos and avatar: the limits and the checks of one file by its real type
 * (the server detects it from the bytes). 1 MB = 1024 * 1024 bytes; the messages name the limit in MB.
 */

export const PHOTO_MAX_MB = 2;
export const PHOTO_MAX_BYTES = PHOTO_MAX_MB * 1024 * 1024;
export const VIDEO_MAX_MB = 100;
export const VIDEO_MAX_BYTES = VIDEO_MAX_MB * 1024 * 1024;
export const MEDIA_FILES_MAX = 10;
export const AVATAR_MAX = 1;
export type MediaKind = 'photo' | 'video';
/** File types by their content, as the server detects them. */
export type DetectedType = 'jpeg' | 'png' | 'mp4' | null;

export function mediaKindOf(type: DetectedType): MediaKind | undefined {
  return type === 'jpeg' || type === 'png' ? 'photo' : type === 'mp4' ? 'video' : undefined;
}

/** What is wrong with a media file (a photo or video of the gallery), or undefined. */
export function mediaFileProblem(
  kind: MediaKind | undefined,
  size: number,
): { message: MessageKey; max?: number } | undefined {
  if (kind === undefined) return { message: 'media_type_invalid' };
  if (kind === 'photo' && size > PHOTO_MAX_BYTES) return { message: 'image_too_large', max: PHOTO_MAX_MB };
  if (kind === 'video' && size > VIDEO_MAX_BYTES) return { message: 'video_too_large', max: VIDEO_MAX_MB };
  return undefined;
}

/** What is wrong with an avatar (a photo only), or undefined. */
export function avatarProblem(
  kind: MediaKind | undefined,
  size: number,
): { message: MessageKey; max?: number } | undefined {
  if (kind !== 'photo') return { message: 'avatar_type_invalid' };
  return mediaFileProblem(kind, size);
}

export const stationMediaFile = z.object({
  id: wholeNumber,
  url: z.string(),
  kind: z.enum(['photo', 'video']),
  position: wholeNumber,
});
export type StationMediaFile = z.infer<typeof stationMediaFile>;
