/**
 * A seam between modules: one module calls it, another registers what it does (once, as the app
 * starts; a later registration replaces it). The caller imports nothing of the registering module.
 * Until something is registered, calling it does nothing.
 */
export interface Seam<Args extends unknown[]> {
  call(...args: Args): Promise<void>;
  /** Answers the function replaced, so a test can put it back. */
  register(fn: ((...args: Args) => Promise<void>) | null): (...args: Args) => Promise<void>;
}

export function seam<Args extends unknown[]>(): Seam<Args> {
  const nothing = async () => {};
  let current: (...args: Args) => Promise<void> = nothing;
  return {
    call: (...args) => current(...args),
    register(fn) {
      const replaced = current;
      current = fn ?? nothing;
      return replaced;
    },
  };
}
