/**
 * A number unique to the test file (each file has a database of its own): names, phones and
 * identities the builders make never meet. Workers run file after file with their modules kept
 * (apps/server/vitest.config.ts), so each file starts it again (src/test/per-file.ts): a file's
 * made-up values are then the same whichever files ran before it in its worker.
 */
let counter = 0;
export const next = () => (counter += 1);

/** Starts the numbers again from 1; before each test file. */
export function restartSequence(): void {
  counter = 0;
}
