import { describe, expect, it, vi } from 'vitest';

// No import of wait-defaults.ts here: the projects' setupFiles must have applied it.
describe('the project default for vi.waitFor', () => {
  it('waits past vitest 1 s default for a condition that takes longer', async () => {
    const readyAt = Date.now() + 1_500;
    await vi.waitFor(() => expect(Date.now()).toBeGreaterThanOrEqual(readyAt), { interval: 100 });
  });

  it('keeps a limit a wait names itself', async () => {
    await expect(vi.waitFor(() => expect(false).toBe(true), 200)).rejects.toThrow();
    await expect(vi.waitUntil(() => false, { timeout: 200 })).rejects.toThrow(/Timed out/);
  });
});
