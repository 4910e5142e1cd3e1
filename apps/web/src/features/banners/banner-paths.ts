import type { BannerType } from '@evcms/contracts/banners';

/** The list's four tabs (spec 2.3), as the URL's `tab` names them; the current banners by default. */
export const BANNER_TABS = ['banner', 'fullscreen', 'archive-banner', 'archive-fullscreen'] as const;
export type BannerTab = (typeof BANNER_TABS)[number];

export function isBannerTab(value: string | null): value is BannerTab {
  return (BANNER_TABS as readonly (string | null)[]).includes(value);
}

/** What a tab lists: one type, current or archived. */
export function tabQuery(tab: BannerTab): { type: BannerType; archive: boolean } {
  return { type: tab.endsWith('fullscreen') ? 'fullscreen' : 'banner', archive: tab.startsWith('archive-') };
}

/** The banner screens' addresses (spec 2.3): the list (at a tab), and each type's form, with the id when editing. */
export const bannerPaths = {
  list: '/banners',
  tab: (tab: BannerTab) => (tab === 'banner' ? '/banners' : `/banners?tab=${tab}`),
  create: (type: BannerType) => (type === 'banner' ? '/banners/create-banner' : '/banners/create-fullscr'),
  edit: (type: BannerType, id: number) => `${bannerPaths.create(type)}/${id}`,
};
