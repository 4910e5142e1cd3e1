import { mediaKindOf, type MediaKind } from '@evcms/contracts/station-media';
import { keepFiles as keepAll, type FileDeps, type IncomingFile } from '../../lib/media-files.ts';

/*
 * A station's uploads: its photos, videos and avatar, each kind in a folder of its own of the
 * media store (lib/media-files.ts moves them in and removes them again).
 */

export { removeFiles, type FileDeps, type IncomingFile } from '../../lib/media-files.ts';

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
  const media = (files.media ?? []).map((file) => ({ file, folder: FOLDERS[kindOf(file)], kind: kindOf(file) }));
  const avatar = files.avatar ? [{ file: files.avatar, folder: FOLDERS.avatar }] : [];
  const paths = await keepAll(deps, [...media, ...avatar]);
  return {
    media: media.map((file, i) => ({ path: paths[i]!, kind: file.kind })),
    avatar: files.avatar ? paths[media.length] : undefined,
  };
}

export function keptPaths(kept: KeptFiles): string[] {
  return [...kept.media.map((file) => file.path), ...(kept.avatar ? [kept.avatar] : [])];
}
