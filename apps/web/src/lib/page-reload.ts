/**
 * Full page loads, in one place so every caller agrees on how the app restarts. They are methods
 * of one object so that a test can replace them (jsdom cannot navigate) with
 * `vi.spyOn(pageLoads, 'reload')`, whichever test file loaded this module first.
 */
export const pageLoads = {
  reload(): void {
    window.location.reload();
  },

  /** Replaces the address with `path` and loads the app afresh from there. */
  restartAt(path: string): void {
    window.history.replaceState(null, '', path);
    window.location.reload();
  },
};
