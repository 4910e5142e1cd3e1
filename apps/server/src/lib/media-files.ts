import type { FastifyBaseLogger } from 'fastify';
import { fromMinorUnits } from '@evcms/contracts/decimal';
import type { cropData } from '@evcms/contracts/promotions';
import type { MessageKey } from '@evcms/contracts/messages';
import { z } from '@evcms/contracts/schema';
import type { StoredCrop } from '../db/schema/columns.ts';
import type { DetectedFileType } from './file-type.ts';
import { isStreamedFile } from './uploads.ts';

/*
 * Uploaded files on their way into the media store, for every module that stores some (stations,
 * promotions, banners): the route has checked each file's real type and size; a service moves them into
 * the store before the database rows that name them are written, and removes them again when that
 * write fails. Files a change or a deletion leaves unnamed are removed after the commit.
 */

/** A file streamed to a temporary place by the multipart hook (uploads.ts StreamedFile). */
export interface IncomingFile {
  filename: string;
  mimetype: string;
  size: number;
  type: DetectedFileType;
  tempPath: string;
}

/** What a module needs of the media store (uploads.ts MediaStore). */
export interface FileStore {
  keep(file: IncomingFile, folder: string): Promise<string>;
  remove(stored: string): Promise<void>;
}

export interface FileDeps {
  media: FileStore;
  log?: FastifyBaseLogger | undefined;
}

/** Moves the files into their folders, in order; on a failure the ones already moved are removed. */
export async function keepFiles(
  deps: FileDeps,
  files: readonly { file: IncomingFile; folder: string }[],
): Promise<string[]> {
  const kept: string[] = [];
  try {
    for (const { file, folder } of files) kept.push(await deps.media.keep(file, folder));
  } catch (error) {
    await removeFiles(deps, kept);
    throw error;
  }
  return kept;
}

/** A file left behind is only litter; the database row is what counts. */
export async function removeFiles(deps: FileDeps, paths: readonly string[]): Promise<void> {
  for (const stored of paths) {
    await deps.media
      .remove(stored)
      .catch((error: unknown) => deps.log?.warn({ err: error, stored }, 'could not remove a stored file'));
  }
}

/** A schema check of an uploaded file: `problem`'s message on the field, with the limit it names. */
export function fileCheck(problem: (file: IncomingFile) => { message: string; max?: number } | undefined) {
  return z.superRefine<IncomingFile>((file, ctx) => {
    const found = problem(file);
    if (found)
      ctx.addIssue({
        code: 'custom',
        message: found.message,
        input: file.filename,
        ...(found.max !== undefined && { maximum: found.max }),
      } as never);
  });
}

/**
 * A form's one jpg, jpeg or png image up to `maxMb` (promotions, banners), checked by its bytes:
 * `required` when left out, `typeInvalid` for another type; a second file is refused rather than dropped.
 */
export function jpegOrPngImage({
  maxMb,
  required,
  typeInvalid,
}: {
  maxMb: number;
  required: MessageKey;
  typeInvalid: MessageKey;
}) {
  const image = z
    .custom<IncomingFile>(isStreamedFile, {
      error: (issue) => (issue.input === undefined ? required : Array.isArray(issue.input) ? 'files_max' : typeInvalid),
    })
    .check(
      fileCheck((file) => {
        if (file.type !== 'jpeg' && file.type !== 'png') return { message: typeInvalid };
        if (file.size > maxMb * 1024 * 1024) return { message: 'image_too_large', max: maxMb };
        return undefined;
      }),
    );
  z.globalRegistry.add(image, {
    type: 'string',
    format: 'binary',
    description: `A jpg, jpeg or png image up to ${maxMb} MB`,
  });
  return image;
}

/** The contract's crop units: 4 decimals. */
const CROP_DECIMALS = 4;
type CropUnits = z.output<typeof cropData>;
type CropBox = NonNullable<CropUnits['percent']>;

/** An uploaded image's crop data as stored (promotions, banners): the form's decimals, not the contract's units. */
export function storedCrop(crop: CropUnits | undefined): StoredCrop | null {
  if (!crop) return null;
  const box = (units: CropBox | undefined) =>
    units && {
      x: fromMinorUnits(units.x, CROP_DECIMALS),
      y: fromMinorUnits(units.y, CROP_DECIMALS),
      width: fromMinorUnits(units.width, CROP_DECIMALS),
      height: fromMinorUnits(units.height, CROP_DECIMALS),
    };
  const percent = box(crop.percent);
  const pixels = box(crop.pixels);
  return { ...(percent && { percent }), ...(pixels && { pixels }) };
}
