import { describe, expect, it } from 'vitest';
import { isActive, STATUS_ACTIVE, STATUS_INACTIVE, statusOf, toggledStatus } from './status.ts';

describe('status', () => {
  it('reads 0 as active and 1 as inactive, and back', () => {
    expect(isActive(STATUS_ACTIVE)).toBe(true);
    expect(isActive(STATUS_INACTIVE)).toBe(false);
    expect(statusOf(true)).toBe(0);
    expect(statusOf(false)).toBe(1);
    expect(toggledStatus(0)).toBe(1);
    expect(toggledStatus(1)).toBe(0);
  });
});
