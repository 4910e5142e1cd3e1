import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { goTo } from '../lib/browser-location.ts';

/** A click that the browser should handle itself: a new tab or window, a download. */
function opensElsewhere(event: MouseEvent<HTMLAnchorElement>): boolean {
  return event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
}

/**
 * A link between the signed-out screens, which have no router (lib/browser-location.ts): a real
 * `<a href>`, so it opens in a new tab and reads as a link, that goes without reloading the page.
 */
export function PageLink({
  to,
  onClick,
  ...props
}: Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string }) {
  return (
    <a
      {...props}
      href={to}
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented || opensElsewhere(event) || props.target) return;
        event.preventDefault();
        goTo(to);
      }}
    />
  );
}
