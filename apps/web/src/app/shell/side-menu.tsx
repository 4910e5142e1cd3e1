import { Menu, type MenuProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  BOTTOM_MENU,
  MAIN_MENU,
  menuEntryOf,
  menuGroupOf,
  routeById,
  type MenuGroupKey,
  type RouteId,
} from '../route-table.ts';
import { useCurrentRoute } from '../use-current-route.ts';
import { MENU_ICONS } from './menu-icons.tsx';
import './side-menu.css';

type Items = NonNullable<MenuProps['items']>;

function useItem() {
  const { t } = useTranslation('shell');
  return (id: RouteId, withIcon: boolean) => {
    const path = routeById(id).path;
    const text = t(`menu.${id}`);
    return {
      key: id,
      icon: withIcon ? MENU_ICONS[id] : undefined,
      // A real link: the address shows on hover and opens in a new tab with a middle click. A
      // collapsed menu shows the whole label in antd's own tooltip; an open one wraps a long label
      // onto a second line (side-menu.css) rather than cutting it.
      label: <Link to={path}>{text}</Link>,
      'data-testid': `menu-${id}`,
    };
  };
}

export interface SideMenuProps {
  collapsed: boolean;
  /** Called when an entry is chosen (the drawer closes then). */
  onNavigate?: () => void;
}

/** The side menu of specification 2.4: the main entries, then Settings and Logout at the bottom. */
export function SideMenu({ collapsed, onNavigate }: SideMenuProps) {
  const { t } = useTranslation('shell');
  const item = useItem();
  const { route } = useCurrentRoute();
  const selected = route ? menuEntryOf(route.id) : undefined;
  const currentGroup = selected ? menuGroupOf(selected) : undefined;
  const [openKeys, setOpenKeys] = useState<string[]>(currentGroup ? [currentGroup] : []);
  const [shownGroup, setShownGroup] = useState(currentGroup);

  // Arriving at a page of a closed group (a link, the back button) opens that group; the user
  // may still close it afterwards, so this happens only when the group changes.
  if (shownGroup !== currentGroup) {
    setShownGroup(currentGroup);
    if (currentGroup && !openKeys.includes(currentGroup)) setOpenKeys([...openKeys, currentGroup]);
  }

  const main: Items = MAIN_MENU.map((entry) =>
    entry.type === 'item'
      ? item(entry.id, true)
      : {
          key: entry.key,
          icon: MENU_ICONS[entry.key as MenuGroupKey],
          label: <span data-testid={`menu-${entry.key}`}>{t(`menu.${entry.key}`)}</span>,
          children: entry.items.map((id) => item(id, false)),
        },
  );
  const bottom: Items = BOTTOM_MENU.map((id) => item(id, true));
  const selectedKeys = selected ? [selected] : [];

  return (
    <>
      <Menu
        className="side-menu"
        mode="inline"
        items={main}
        selectedKeys={selectedKeys}
        // A collapsed menu shows groups as pop-ups; it must not keep them open.
        {...(collapsed ? {} : { openKeys, onOpenChange: setOpenKeys })}
        onClick={onNavigate}
        style={{ borderInlineEnd: 'none', flex: 1, overflowY: 'auto', overflowX: 'hidden' }}
      />
      <Menu
        className="side-menu"
        mode="inline"
        items={bottom}
        selectedKeys={selectedKeys}
        onClick={onNavigate}
        style={{ borderInlineEnd: 'none' }}
      />
    </>
  );
}
