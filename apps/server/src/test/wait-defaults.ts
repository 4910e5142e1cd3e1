import { vi } from 'vitest';

/*
 * vi.waitFor and vi.waitUntil give up after 1 s unless told otherwise. A server test waits for a
 * socket, a batch flush or a bus message, each of which can take seconds on a shared two-core
 * machine running other suites beside it (a 1 s wait failed 3 runs in 3 with the load average at
 * 20). So a wait without a limit of its own waits as long as a test may take to do something once;
 * a wait for something slower names its own limit. Setup file of the server, simulator and web
 * projects.
 */
export const DEFAULT_WAIT_MS = 10_000;

type WaitOptions = number | { timeout?: number; interval?: number } | undefined;

function withDefaultTimeout(options: WaitOptions) {
  if (typeof options === 'number') return { timeout: options };
  return { ...options, timeout: options?.timeout ?? DEFAULT_WAIT_MS };
}

const patched = Symbol.for('evcms.wait-defaults');
const utils = vi as typeof vi & { [patched]?: true };
// Test files of one worker may share modules (the web project's `isolate: false`): patch once.
if (!utils[patched]) {
  const { waitFor, waitUntil } = vi;
  utils.waitFor = ((callback, options) => waitFor(callback, withDefaultTimeout(options))) as typeof vi.waitFor;
  utils.waitUntil = ((callback, options) => waitUntil(callback, withDefaultTimeout(options))) as typeof vi.waitUntil;
  utils[patched] = true;
}
