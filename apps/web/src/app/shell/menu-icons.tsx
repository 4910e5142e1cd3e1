import {
  AppstoreOutlined,
  DollarOutlined,
  EnvironmentOutlined,
  FireOutlined,
  GiftOutlined,
  HomeOutlined,
  LogoutOutlined,
  NotificationOutlined,
  PercentageOutlined,
  SettingOutlined,
  ShareAltOutlined,
  ShopOutlined,
  TagsOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import type { MenuGroupKey, RouteId } from '../route-table.ts';

/**
 * Icons of the top-level menu entries; entries inside a group have none, as in most back offices.
 * They are decoration: hidden from screen readers, which would otherwise read each icon's English
 * name ('home', 'shop') before the label.
 */
export const MENU_ICONS: Partial<Record<RouteId | MenuGroupKey, ReactNode>> = {
  main: <HomeOutlined aria-hidden />,
  merchants_group: <ShopOutlined aria-hidden />,
  users_group: <TeamOutlined aria-hidden />,
  software_rental_partners: <AppstoreOutlined aria-hidden />,
  rates: <DollarOutlined aria-hidden />,
  heat_map: <FireOutlined aria-hidden />,
  promotions_group: <GiftOutlined aria-hidden />,
  banners: <NotificationOutlined aria-hidden />,
  infrastructure: <EnvironmentOutlined aria-hidden />,
  tags: <TagsOutlined aria-hidden />,
  promo_codes: <PercentageOutlined aria-hidden />,
  referrals: <ShareAltOutlined aria-hidden />,
  settings: <SettingOutlined aria-hidden />,
  logout: <LogoutOutlined aria-hidden />,
};
