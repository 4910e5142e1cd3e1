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

/** Icons of the top-level menu entries; entries inside a group have none, as in most back offices. */
export const MENU_ICONS: Partial<Record<RouteId | MenuGroupKey, ReactNode>> = {
  main: <HomeOutlined />,
  merchants_group: <ShopOutlined />,
  users_group: <TeamOutlined />,
  software_rental_partners: <AppstoreOutlined />,
  rates: <DollarOutlined />,
  heat_map: <FireOutlined />,
  promotions_group: <GiftOutlined />,
  banners: <NotificationOutlined />,
  infrastructure: <EnvironmentOutlined />,
  tags: <TagsOutlined />,
  promo_codes: <PercentageOutlined />,
  referrals: <ShareAltOutlined />,
  settings: <SettingOutlined />,
  logout: <LogoutOutlined />,
};
