import { describe, expect, it } from 'vitest';
import { isActive, statusOf } from './status.ts';

describe('statuses', () => {
  it('maps active to status 0 and inactive to 1', () => {
    expect(statusOf(true)).toBe(0);
    expect(statusOf(false)).toBe(1);
    expect(isActive({ status: 0 })).toBe(true);
    expect(isActive({ status: 1 })).toBe(false);
  });
});
