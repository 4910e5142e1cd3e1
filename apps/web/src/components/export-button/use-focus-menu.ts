import { useEffect } from 'react';

/** How long a menu that is opening may take to appear before its focus is given up on. */
const GIVE_UP_MS = 10_000;

/*
 * Moves the focus to a dropdown menu's first item once the menu is on screen. antd's own
 * autoFocus tries three animation frames after opening and never again: on a busy machine the
 * menu is not there yet, and a keyboard user is left on the button with the arrows doing nothing.
 * This tries every frame until the menu shows, and leaves the focus alone if the user has moved it.
 */
export function useFocusMenu(open: boolean, menuId: string, trigger: { current: HTMLElement | null }): void {
  useEffect(() => {
    if (!open) return;
    const started = performance.now();
    let frame = 0;
    const tryFocus = () => {
      const menu = document.getElementById(menuId);
      const active = document.activeElement;
      if (menu?.contains(active)) return;
      // Focus the user moved elsewhere (another field, a link) stays where they put it.
      if (active && active !== document.body && active !== trigger.current) return;
      const item = menu?.querySelector<HTMLElement>('[role="menuitem"]:not([aria-disabled="true"])');
      if (item && menu?.checkVisibility?.() !== false) {
        item.focus();
        return;
      }
      if (performance.now() - started < GIVE_UP_MS) frame = requestAnimationFrame(tryFocus);
    };
    frame = requestAnimationFrame(tryFocus);
    return () => cancelAnimationFrame(frame);
  }, [open, menuId, trigger]);
}
