import { AppError } from './errors.ts';

/**
 * Counts attempts (failed sign-ins, recovery requests) per key in fixed windows, in this
 * process's memory, and refuses with 429 once a key is over its limit. Every limit of a request
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
        if (window && window.count >= max) {
          const minutes = Math.max(1, Math.ceil((window.endsAt - now()) / 60_000));
          throw new AppError(429, 'too_many_attempts', { params: { minutes } });
        }
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
