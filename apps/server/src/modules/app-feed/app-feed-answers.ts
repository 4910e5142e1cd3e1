import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { appFeed } from '@evcms/contracts/app-feed';
import type { Lang } from '@evcms/contracts/i18n';
import { COMPRESS_THRESHOLD } from '../../lib/compression.ts';
import { presentAppFeed } from './app-feed.presenter.ts';
import type { AppFeedRecords } from './app-feed.service.ts';

/*
 * The feed's answers held in memory for FRESH_MS (docs/decisions.md 'Driver-app feed'): one read
 * of the database for every request in that time, each language presented, serialised, hashed and
 * compressed once, so a burst of app clients costs a lookup and a write each. Requests that come
 * while a read runs wait for that read; a failed read is not kept.
 */

/** How long one read of the feed answers every request. */
export const FRESH_MS = 5_000;

/** Once per language and read: smaller than the plugin's quality 4 for a few milliseconds more. */
const BROTLI = {
  params: { [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_QUALITY]: 9 },
};

export type Encoding = 'br' | 'gzip' | 'identity';

export interface FeedAnswer {
  /** Weak: the same for every encoding of these bytes. */
  etag: string;
  /** The bytes in the encoding asked, or as they are when too small to gain from it (as lib/compression.ts). */
  body(encoding: Encoding): { bytes: Buffer; encoding: Encoding };
}

function encoded(json: string): FeedAnswer {
  const identity = Buffer.from(json);
  const etag = `W/"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`;
  const bodies = new Map<Encoding, Buffer>([['identity', identity]]);
  return {
    etag,
    body(asked) {
      const encoding = identity.length < COMPRESS_THRESHOLD ? 'identity' : asked;
      let bytes = bodies.get(encoding);
      if (!bytes) {
        bytes = encoding === 'br' ? brotliCompressSync(identity, BROTLI) : gzipSync(identity);
        bodies.set(encoding, bytes);
      }
      return { bytes, encoding };
    },
  };
}

export interface FeedAnswers {
  answer(lang: Lang): Promise<FeedAnswer>;
}

export function createFeedAnswers(read: () => Promise<AppFeedRecords>, now = () => Date.now()): FeedAnswers {
  let held: { readAt: number; records: Promise<AppFeedRecords>; answers: Map<Lang, FeedAnswer> } | undefined;
  return {
    async answer(lang) {
      // A clock set back also reads again.
      if (!held || now() - held.readAt >= FRESH_MS || now() < held.readAt) {
        const entry = { readAt: now(), records: read(), answers: new Map<Lang, FeedAnswer>() };
        held = entry;
        entry.records.catch(() => {
          if (held === entry) held = undefined;
        });
      }
      const entry = held;
      const records = await entry.records;
      let answer = entry.answers.get(lang);
      if (!answer) {
        // Parsed by the contract so that only its fields leave, as a route's response schema would.
        answer = encoded(JSON.stringify(appFeed.parse(presentAppFeed(records, lang))));
        entry.answers.set(lang, answer);
      }
      return answer;
    },
  };
}

/** The encoding to send for an Accept-Encoding header: br, then gzip (as lib/compression.ts), else none. */
export function chosenEncoding(header: string | undefined): Encoding {
  if (!header) return 'identity';
  const accepted = new Set<string>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    if (!q || Number(q.slice(2)) > 0) accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return 'identity';
}

/** Whether If-None-Match names `etag` (compared weakly, as RFC 9110 has it for GET), or is `*`. */
export function stillFresh(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}
