import { useEffect } from 'react';

/**
 * antd's tables scroll sideways inside their card on a phone. A table whose rows hold no link or
 * button gives the keyboard nothing to focus there, so its hidden columns cannot be scrolled to
 * (axe's scrollable-region-focusable; Chromium alone makes such a box focusable by itself). While
 * a table overflows its box, the box takes the focus (Tab, then the arrow keys scroll it).
 */
export function useKeyboardScrollableTables(): void {
  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      for (const box of document.querySelectorAll<HTMLElement>('.ant-table-content')) {
        const overflows = box.scrollWidth > box.clientWidth;
        if (overflows && !box.hasAttribute('tabindex')) box.tabIndex = 0;
        else if (!overflows && box.getAttribute('tabindex') === '0') box.removeAttribute('tabindex');
      }
    };
    // Once per frame at most: live updates change the tables every few seconds.
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    const changes = new MutationObserver(schedule);
    changes.observe(document.body, { childList: true, subtree: true });
    window.addEventListener('resize', schedule);
    schedule();
    return () => {
      changes.disconnect();
      window.removeEventListener('resize', schedule);
      cancelAnimationFrame(frame);
    };
  }, []);
}
