import { mediaKindOf, type DetectedType, type MediaKind } from '@evcms/contracts/station-media';
import type { FastifyBaseLogger } from 'fastify';

/*
 * A station's uploads: the route has checked each file's real type and size; here they move from
 * their temporary place into the media store before the database rows that name them are written,
 * and are removed again when that write fails. Files a change or a deletion leaves unnamed are
 * removed after the commit.
 */

/** A file streamed to a temporary place by the multipart hook (lib/uploads.ts StreamedFile). */
export interface IncomingFile {
  filename: string;
  mimetype: string;
  size: number;
  type: DetectedType;
  tempPath: string;
}

/** What stations need of the media store. */
export interface StationMediaStore {
  keep(file: IncomingFile, folder: string): Promise<string>;
  remove(stored: string): Promise<void>;
}

export interface FileDeps {
  media: StationMediaStore;
  log?: FastifyBaseLogger | undefined;
}

const FOLDERS: Record<MediaKind | 'avatar', string> = {
  photo: 'station-photos',
  video: 'station-videos',
  avatar: 'station-avatars',
};

export interface KeptFiles {
  media: { path: string; kind: MediaKind }[];
  avatar: string | undefined;
}

export function kindOf(file: IncomingFile): MediaKind {
  const kind = mediaKindOf(file.type);
  // The route's schema lets only photos and videos through.
  if (!kind) throw new Error(`not a station media file: ${file.type}`);
  return kind;
}

/** Moves the files into the store, in the order sent; on a failure the ones already moved are removed. */
export async function keepFiles(
  deps: FileDeps,
  files: { media?: IncomingFile[] | undefined; avatar?: IncomingFile | undefined },
): Promise<KeptFiles> {
  const kept: KeptFiles = { media: [], avatar: undefined };
  try {
    for (const file of files.media ?? []) {
      const kind = kindOf(file);
      kept.media.push({ path: await deps.media.keep(file, FOLDERS[kind]), kind });
    }
    if (files.avatar) kept.avatar = await deps.media.keep(files.avatar, FOLDERS.avatar);
  } catch (error) {
    await removeFiles(deps, keptPaths(kept));
    throw error;
  }
  return kept;
}

export function keptPaths(kept: KeptFiles): string[] {
  return [...kept.media.map((file) => file.path), ...(kept.avatar ? [kept.avatar] : [])];
}

/** A file left behind is only litter; the database row is what counts. */
export async function removeFiles(deps: FileDeps, paths: readonly string[]): Promise<void> {
  for (const stored of paths) {
    await deps.media
      .remove(stored)
      .catch((error: unknown) => deps.log?.warn({ err: error, stored }, 'could not remove a station file'));
  }
}
