import { z } from '@evcms/contracts/schema';
import { stationCreateRequest, stationUpdateRequest } from '@evcms/contracts/stations';
import {
  AVATAR_MAX,
  avatarProblem,
  MEDIA_FILES_MAX,
  mediaFileProblem,
  mediaKindOf,
  PHOTO_MAX_BYTES,
  PHOTO_MAX_MB,
  VIDEO_MAX_BYTES,
  VIDEO_MAX_MB,
} from '@evcms/contracts/station-media';
import { fileCheck, type IncomingFile } from '../../lib/media-files.ts';
import { isStreamedFile, multipartBody } from '../../lib/uploads.ts';

/*
 * The files of the station forms as the server checks them: each part is streamed to a temporary
 * file (a 100 MB video never sits in memory), its type read from its first bytes; the schema
 * refuses a wrong type or size naming the limit, before the service moves anything into the store.
 */

/**
 * One field carries photos and videos, so the stream stops one byte past the larger limit; the
 * schema applies each kind's own. A file past the count is refused on its field by the hook.
 */
export const stationUpload = multipartBody({
  media_files: { maxBytes: VIDEO_MAX_BYTES, stream: true, maxFiles: MEDIA_FILES_MAX, tooManyFiles: 'media_files_max' },
  avatar: { maxBytes: PHOTO_MAX_BYTES, stream: true, maxFiles: AVATAR_MAX, tooManyFiles: 'avatar_max' },
});

const mediaFile = z
  .custom<IncomingFile>(isStreamedFile, { error: 'media_type_invalid' })
  .check(fileCheck((file) => mediaFileProblem(mediaKindOf(file.type), file.size)));
z.globalRegistry.add(mediaFile, {
  type: 'string',
  format: 'binary',
  description: `A jpg, jpeg or png photo up to ${PHOTO_MAX_MB} MB, or an mp4 video up to ${VIDEO_MAX_MB} MB`,
});

/** `media_files[0]`, `media_files[1]`, ... (or the name repeated): at most 10; none sent is none. */
const mediaFiles = z.pipe(
  z.transform((value: unknown) => (value === undefined ? [] : Array.isArray(value) ? value : [value])),
  z.array(mediaFile).check(z.maxLength(MEDIA_FILES_MAX, { error: 'media_files_max' })),
);

/** One jpg, jpeg or png; a second one is refused rather than silently dropped. */
const avatar = z
  .custom<IncomingFile>(isStreamedFile, {
    error: (issue) => (Array.isArray(issue.input) ? 'avatar_max' : 'avatar_type_invalid'),
  })
  .check(fileCheck((file) => avatarProblem(mediaKindOf(file.type), file.size)));
z.globalRegistry.add(avatar, {
  type: 'string',
  format: 'binary',
  description: `A jpg, jpeg or png image up to ${PHOTO_MAX_MB} MB`,
});

/** POST /stations/: at least one photo (the service checks that one of the files is a photo). */
export const stationCreateBody = z.extend(stationCreateRequest, {
  media_files: mediaFiles.check(z.minLength(1, { error: 'photo_required' })),
  avatar: z.optional(avatar),
});

/** PATCH /stations/update/{id}/: new files only; the avatar only when a new one is chosen. */
export const stationUpdateBody = z.extend(stationUpdateRequest, {
  media_files: z.optional(mediaFiles),
  avatar: z.optional(avatar),
});
