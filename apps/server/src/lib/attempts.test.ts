import { describe, expect, it } from 'vitest';
import { createAttempts } from './attempts.ts';
import { AppError } from './errors.ts';

describe('attempt limits', () => {
  it('refuses a key once it used up its attempts, until its window ends', () => {
    let now = 0;
    const attempts = createAttempts(15 * 60_000, () => now);
    const limits = [{ key: 'a', max: 2 }];
    attempts.count(limits);
    attempts.check(limits);
    attempts.count(limits);
    expect(() => attempts.check(limits)).toThrow(AppError);
    try {
      attempts.check(limits);
    } catch (error) {
      expect((error as AppError).options.params).toEqual({ minutes: 15 });
    }
    now = 15 * 60_000;
    expect(() => attempts.check(limits)).not.toThrow();
  });

  it('checks and counts every limit of a request, not only the first', () => {
    const attempts = createAttempts(60_000, () => 0);
    for (let i = 0; i < 3; i += 1)
      attempts.count([
        { key: `client|address${i}`, max: 10 },
        { key: 'client', max: 3 },
      ]);
    expect(() =>
      attempts.check([
        { key: 'client|address9', max: 10 },
        { key: 'client', max: 3 },
      ]),
    ).toThrow(AppError);
  });
});
