import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client.ts';
import { AppError } from './errors.ts';

/**
 * Counts attempts (failed sign-ins, recovery requests, feed requests) per key in fixed windows and
 * refuses with 429 once a key is over its limit: in this process's memory (`createAttempts`), or in
 * the database, shared by every process on it (`createSharedAttempts`). Every limit of a request
 * is checked and counted (@fastify/rate-limit stops at the first limiter of a route, and counts
 * successes too).
 */
export interface AttemptLimit {
  key: string;
  max: number;
}

export interface Attempts {
  /** Throws 429 (with the minutes to wait) when any of the limits is used up. */
  check(limits: readonly AttemptLimit[]): void;
  /** Counts one attempt against each limit. */
  count(limits: readonly AttemptLimit[]): void;
}

/** The same, kept in the database: each call a statement or two. */
export interface SharedAttempts {
  check(limits: readonly AttemptLimit[]): Promise<void>;
  count(limits: readonly AttemptLimit[]): Promise<void>;
}

function tooMany(endsAt: number, now: number): AppError {
  const minutes = Math.max(1, Math.ceil((endsAt - now) / 60_000));
  return new AppError(429, 'too_many_attempts', { params: { minutes } });
}

/** Above this many keys, expired windows are swept, then the oldest dropped, so memory stays bounded. */
const MAX_KEYS = 100_000;

export function createAttempts(windowMs: number, now: () => number = Date.now): Attempts {
  const windows = new Map<string, { count: number; endsAt: number }>();

  const live = (key: string) => {
    const window = windows.get(key);
    if (window && window.endsAt <= now()) windows.delete(key);
    return window && window.endsAt > now() ? window : undefined;
  };

  const makeRoom = () => {
    if (windows.size < MAX_KEYS) return;
    for (const [key, window] of windows) if (window.endsAt <= now()) windows.delete(key);
    for (const key of windows.keys()) {
      if (windows.size < MAX_KEYS) break;
      windows.delete(key);
    }
  };

  return {
    check(limits) {
      for (const { key, max } of limits) {
        const window = live(key);
        if (window && window.count >= max) throw tooMany(window.endsAt, now());
      }
    },
    count(limits) {
      for (const { key } of limits) {
        const window = live(key);
        if (window) window.count += 1;
        else {
          makeRoom();
          windows.set(key, { count: 1, endsAt: now() + windowMs });
        }
      }
    },
  };
}

/** Expired windows are deleted after every this many counts of a process. */
const SWEEP_EVERY = 100;

/** What a key is kept as: its SHA-256, so the table holds no email nor client address. */
const hashed = (key: string) => createHash('sha256').update(key).digest('hex');
const timestamp = (ms: number) => sql`${new Date(ms).toISOString()}::timestamptz`;

/**
 * Attempts counted in the table `attempt_windows` (db/schema/attempts.ts), so every process on one
 * database holds a client to the same limits. Times are this process's clock (`now`), as the
 * windows in memory; processes' clocks must agree within a few seconds. Two requests checked at
 * the same moment may both pass the last free attempt: a limit may be passed by the requests in
 * flight, never by more.
 */
export function createSharedAttempts(db: Db, windowMs: number, now: () => number = Date.now): SharedAttempts {
  let counted = 0;
  return {
    async check(limits) {
      const at = now();
      for (const { key, max } of limits) {
        const [window] = await queryRows<{ count: number; ends_at_ms: number | string }>(
          db,
          sql`select count, extract(epoch from ends_at) * 1000 as ends_at_ms from attempt_windows
              where key = ${hashed(key)} and ends_at > ${timestamp(at)}`,
        );
        if (window && window.count >= max) throw tooMany(Number(window.ends_at_ms), at);
      }
    },
    async count(limits) {
      const at = now();
      for (const { key } of limits) {
        // A window that has ended starts again at one.
        await db.execute(
          sql`insert into attempt_windows (key, count, ends_at) values (${hashed(key)}, 1, ${timestamp(at + windowMs)})
              on conflict (key) do update set
                count = case when attempt_windows.ends_at <= ${timestamp(at)} then 1 else attempt_windows.count + 1 end,
                ends_at = case when attempt_windows.ends_at <= ${timestamp(at)} then excluded.ends_at else attempt_windows.ends_at end`,
        );
      }
      counted += 1;
      if (counted % SWEEP_EVERY === 0)
        await db.execute(sql`delete from attempt_windows where ends_at <= ${timestamp(at)}`);
    },
  };
}
