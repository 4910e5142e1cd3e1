/**
 * Full page loads, in one place so tests can replace them (jsdom cannot navigate) and so every
 * caller agrees on how the app restarts.
 */
export function reloadPage(): void {
  window.location.reload();
}

/** Replaces the address with `path` and loads the app afresh from there. */
export function restartAt(path: string): void {
  window.history.replaceState(null, '', path);
  window.location.reload();
}
