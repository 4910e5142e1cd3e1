import { describe, expect, it } from 'vitest';
import { activatesExpired, canDelete, isExpired, shownStatus } from './promotions.rules.ts';

const now = new Date('2026-06-01T12:00:00Z');
const ended = { status: 0 as const, endAt: now };
const running = { status: 0 as const, endAt: new Date('2026-06-01T12:00:01Z') };

describe('the end of a promotion', () => {
  it('has come at its end instant, not a moment before', () => {
    expect(isExpired(ended, now)).toBe(true);
    expect(isExpired(running, now)).toBe(false);
  });

  it('shows an ended promotion inactive, whatever its stored status', () => {
    expect(shownStatus(ended, now)).toBe(1);
    expect(shownStatus(running, now)).toBe(0);
    expect(shownStatus({ ...running, status: 1 }, now)).toBe(1);
  });

  it('refuses activating an ended promotion only', () => {
    expect(activatesExpired(ended, now)).toBe(true);
    expect(activatesExpired({ ...ended, status: 1 }, now)).toBe(false);
    expect(activatesExpired(running, now)).toBe(false);
  });

  it('deletes what is not active as shown: inactive, or ended', () => {
    expect(canDelete(running, now)).toBe(false);
    expect(canDelete({ ...running, status: 1 }, now)).toBe(true);
    expect(canDelete(ended, now)).toBe(true);
  });
});
