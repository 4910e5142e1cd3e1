import type { ComponentType } from 'react';

/**
 * Every signed-in route in one table: the router builds its routes from it, and the menu, the
 * header title and the breadcrumbs read their labels from it. Titles are keys of the `shell`
 * namespace: `routes.<id>` (or `routes.<idTitle>` when the optional :id is present).
 * Pages load on demand, so nothing here pulls a screen into the sign-in bundle.
 */
export type PageLoader = () => Promise<ComponentType>;

export const ROUTE_IDS = [
  'main',
  'heat_map',
  'banners',
  'banner_form',
  'fullscreen_form',
  'merchants',
  'merchant_detail',
  'merchant_form',
  'station_create',
  'station_edit',
  'station_info',
  'merchant_report',
  'rates',
  'rate_form',
  'tags',
  'users',
  'user_detail',
  'user_form',
  'charges',
  'balance_extract',
  'infrastructure',
  'promotions',
  'promotion_form',
  'promotions_report',
  'software_rental_partners',
  'partner_form',
  'partners_report',
  'promo_codes',
  'referrals',
  'settings',
  'logout',
] as const;
export type RouteId = (typeof ROUTE_IDS)[number];

export interface AppRoute {
  id: RouteId;
  path: string;
  /** The route one level up in the breadcrumbs and the menu entry that stays highlighted. */
  parent?: RouteId;
  /** Title key used when the route's :id is present (edit rather than create). */
  idTitle?: string;
  page: PageLoader;
}

export const ROUTES: readonly AppRoute[] = [
  {
    id: 'main',
    path: '/',
    page: () => import('../features/analytics/dashboard-page.tsx').then((m) => m.DashboardPage),
  },
  {
    id: 'heat_map',
    path: '/heat-map',
    page: () => import('../features/heat-map/heat-map-page.tsx').then((m) => m.HeatMapPage),
  },
  {
    id: 'banners',
    path: '/banners',
    page: () => import('../features/banners/banner-list.tsx').then((m) => m.BannerList),
  },
  {
    id: 'banner_form',
    path: '/banners/create-banner/:id?',
    parent: 'banners',
    idTitle: 'banner_edit',
    page: () => import('../features/banners/banner-form.tsx').then((m) => m.BannerForm),
  },
  {
    id: 'fullscreen_form',
    path: '/banners/create-fullscr/:id?',
    parent: 'banners',
    idTitle: 'fullscreen_edit',
    page: () => import('../features/banners/banner-form.tsx').then((m) => m.FullscreenForm),
  },
  {
    id: 'merchants',
    path: '/merchants',
    page: () => import('../features/merchants/merchant-list.tsx').then((m) => m.MerchantList),
  },
  {
    id: 'merchant_detail',
    path: '/merchants/merchant/:id?',
    parent: 'merchants',
    // The merchant's card and its station list are two features; the app page puts them together.
    page: () => import('./pages/merchant-detail-page.tsx').then((m) => m.MerchantDetailPage),
  },
  {
    id: 'merchant_form',
    path: '/merchants/create-edit-merchant/:id?',
    parent: 'merchants',
    idTitle: 'merchant_edit',
    page: () => import('../features/merchants/merchant-form.tsx').then((m) => m.MerchantForm),
  },
  {
    id: 'station_create',
    path: '/merchants/merchant/:id/create-station',
    parent: 'merchant_detail',
    page: () => import('../features/stations/station-form.tsx').then((m) => m.StationForm),
  },
  {
    id: 'station_edit',
    path: '/merchants/merchant/:id/edit-station/:stationId',
    parent: 'merchant_detail',
    page: () => import('../features/stations/station-form.tsx').then((m) => m.StationForm),
  },
  {
    id: 'station_info',
    path: '/merchants/merchant/:id/station-info/:stationId',
    parent: 'merchant_detail',
    page: () => import('../features/stations/station-detail.tsx').then((m) => m.StationDetail),
  },
  // The specification does not show this path; it sits beside the other report (/promotions-report).
  {
    id: 'merchant_report',
    path: '/merchant-report',
    page: () => import('../features/analytics/merchant-report.tsx').then((m) => m.MerchantReport),
  },
  { id: 'rates', path: '/rates', page: () => import('../features/rates/rate-list.tsx').then((m) => m.RateList) },
  {
    id: 'rate_form',
    // The specification shows only /rates/edit-rates/{id}; a new rate is made at the same path without one.
    path: '/rates/edit-rates/:id?',
    parent: 'rates',
    idTitle: 'rate_edit',
    page: () => import('../features/rates/rate-form.tsx').then((m) => m.RateForm),
  },
  { id: 'tags', path: '/tags', page: () => import('../features/catalog/tag-list.tsx').then((m) => m.TagListPage) },
  { id: 'users', path: '/users', page: () => import('../features/drivers/driver-list.tsx').then((m) => m.DriverList) },
  {
    id: 'user_detail',
    path: '/users/user/:id',
    parent: 'users',
    // The driver's card and their charges are two features; the app page puts them together.
    page: () => import('./pages/driver-detail-page.tsx').then((m) => m.DriverDetailPage),
  },
  {
    id: 'user_form',
    // The specification shows no path for it; it follows /merchants/create-edit-merchant/{id?}.
    path: '/users/create-edit-user/:id?',
    parent: 'users',
    idTitle: 'user_edit',
    page: () => import('../features/drivers/driver-form.tsx').then((m) => m.DriverForm),
  },
  {
    id: 'charges',
    path: '/chargers-list',
    page: () => import('../features/charges/charge-list.tsx').then((m) => m.ChargeList),
  },
  {
    id: 'balance_extract',
    path: '/extract-balance',
    page: () => import('../features/drivers/balance-extract.tsx').then((m) => m.BalanceExtract),
  },
  {
    id: 'infrastructure',
    path: '/infrastructure',
    page: () => import('../features/catalog/infrastructure-list.tsx').then((m) => m.InfrastructureListPage),
  },
  {
    id: 'promotions',
    path: '/promotions',
    page: () => import('../features/promotions/promotion-list.tsx').then((m) => m.PromotionList),
  },
  {
    id: 'promotion_form',
    path: '/promotions/creating-promotion/:id?',
    parent: 'promotions',
    idTitle: 'promotion_edit',
    page: () => import('../features/promotions/promotion-form.tsx').then((m) => m.PromotionForm),
  },
  {
    id: 'promotions_report',
    path: '/promotions-report',
    page: () => import('../features/promotions/promotion-report.tsx').then((m) => m.PromotionReport),
  },
  {
    id: 'software_rental_partners',
    path: '/software-rental-partners',
    page: () => import('../features/partners/partner-list.tsx').then((m) => m.PartnerList),
  },
  {
    id: 'partner_form',
    // The specification names only the list; the form follows /promotions/creating-promotion/{id?}.
    path: '/software-rental-partners/create/:id?',
    parent: 'software_rental_partners',
    idTitle: 'partner_edit',
    page: () => import('../features/partners/partner-form.tsx').then((m) => m.PartnerForm),
  },
  {
    id: 'partners_report',
    path: '/software-rental-partners/report',
    parent: 'software_rental_partners',
    page: () => import('../features/partners/partner-report.tsx').then((m) => m.PartnerReport),
  },
  {
    id: 'promo_codes',
    path: '/list-of-promotional-codes',
    page: () => import('../features/promo-codes/promo-code-list.tsx').then((m) => m.PromoCodeList),
  },
  {
    id: 'referrals',
    path: '/list-of-referrals',
    page: () => import('../features/referrals/referral-list.tsx').then((m) => m.ReferralList),
  },
  {
    id: 'settings',
    path: '/settings',
    page: () => import('../features/accounts/settings-page.tsx').then((m) => m.SettingsPage),
  },
  { id: 'logout', path: '/logout', page: () => import('./session/logout-page.tsx').then((m) => m.LogoutPage) },
];

const byId = new Map(ROUTES.map((route) => [route.id, route]));

export function routeById(id: RouteId): AppRoute {
  const route = byId.get(id);
  if (!route) throw new Error(`unknown route ${id}`);
  return route;
}

/** The route and its ancestors, outermost first. */
export function routeChain(id: RouteId): AppRoute[] {
  const chain: AppRoute[] = [];
  for (let route: AppRoute | undefined = routeById(id); route; route = route.parent && byId.get(route.parent)) {
    chain.unshift(route);
  }
  return chain;
}

/** The side menu of specification 2.4, in its order. Groups are labelled `menu.<key>`, items `menu.<id>`. */
export type MenuGroupKey = 'merchants_group' | 'users_group' | 'promotions_group';
export type MenuEntry = { type: 'item'; id: RouteId } | { type: 'group'; key: MenuGroupKey; items: RouteId[] };

export const MAIN_MENU: readonly MenuEntry[] = [
  { type: 'item', id: 'main' },
  { type: 'group', key: 'merchants_group', items: ['merchants', 'merchant_report'] },
  { type: 'group', key: 'users_group', items: ['users', 'charges', 'balance_extract'] },
  { type: 'item', id: 'software_rental_partners' },
  { type: 'item', id: 'rates' },
  { type: 'item', id: 'heat_map' },
  { type: 'group', key: 'promotions_group', items: ['promotions', 'promotions_report'] },
  { type: 'item', id: 'banners' },
  { type: 'item', id: 'infrastructure' },
  { type: 'item', id: 'tags' },
  { type: 'item', id: 'promo_codes' },
  { type: 'item', id: 'referrals' },
];

export const BOTTOM_MENU: readonly RouteId[] = ['settings', 'logout'];

/** The menu group holding a route, if any: the first crumb of the breadcrumbs. */
export function menuGroupOf(id: RouteId): MenuGroupKey | undefined {
  for (const entry of MAIN_MENU) if (entry.type === 'group' && entry.items.includes(id)) return entry.key;
  return undefined;
}

const menuIds = new Set<RouteId>([
  ...MAIN_MENU.flatMap((entry) => (entry.type === 'item' ? [entry.id] : entry.items)),
  ...BOTTOM_MENU,
]);

/** The menu entry to highlight for a route: itself or its nearest ancestor that is in the menu. */
export function menuEntryOf(id: RouteId): RouteId | undefined {
  return routeChain(id)
    .reverse()
    .find((route) => menuIds.has(route.id))?.id;
}
