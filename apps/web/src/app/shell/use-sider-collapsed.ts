import { useState } from 'react';

export const SIDER_COLLAPSED_KEY = 'sidebar-collapsed';

function stored(): boolean {
  try {
    return localStorage.getItem(SIDER_COLLAPSED_KEY) === '1';
  } catch {
    return false;
  }
}

/** Whether the side menu is collapsed; the choice outlives a reload (kept in localStorage). */
export function useSiderCollapsed(): [collapsed: boolean, toggle: () => void] {
  const [collapsed, setCollapsed] = useState(stored);
  const toggle = () => {
    const next = !collapsed;
    setCollapsed(next);
    try {
      localStorage.setItem(SIDER_COLLAPSED_KEY, next ? '1' : '0');
    } catch {
      // Storage refused (private mode, quota): the choice still holds on this page.
    }
  };
  return [collapsed, toggle];
}
