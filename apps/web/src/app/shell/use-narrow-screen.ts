import { theme } from 'antd';
import { useCallback, useSyncExternalStore } from 'react';

/**
 * True below antd's `lg` breakpoint (992 px wide): phones and small tablets, where a 240 px side
 * menu would leave the page too little room, so the menu becomes a drawer. It follows the window
 * as it is resized or turned.
 */
export function useNarrowScreen(): boolean {
  const { token } = theme.useToken();
  // `lg` starts at screenLGMin; the fraction keeps the two ranges from sharing a width.
  const query = `(max-width: ${token.screenLGMin - 0.02}px)`;
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches);
}
