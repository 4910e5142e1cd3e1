import type { Banner, BannerListItem, BannerType } from '@evcms/contracts/banners';

/** A banner or fullscreen as the list answers it, for the screen tests: active all of December 2026. */
export const aBannerRow = (
  id: number,
  name: string,
  overrides: Partial<BannerListItem> & { type?: BannerType } = {},
): BannerListItem => {
  const type = overrides.type ?? 'banner';
  const status = overrides.status ?? 0;
  const banner = type === 'banner';
  return {
    id,
    type,
    name,
    image: `/media/banners/${id}.jpg`,
    crop: null,
    link: 'https://example.kg/winter',
    merchant: null,
    merchant_name: null,
    start_at: '2026-11-30T18:00:00.000Z',
    end_at: '2026-12-31T18:00:00.000Z',
    button_name: banner ? 'Read more' : null,
    button_colour: banner ? '#1677ff' : null,
    stations_count: 0,
    category: banner ? null : 'main',
    category_name: banner ? null : 'Main',
    destination: banner ? null : 'app',
    destination_name: banner ? null : 'In the app',
    created_at: '2026-11-20T10:00:00.000Z',
    ...overrides,
    status,
    active: status === 0,
    archived: overrides.archived ?? status === 1,
  };
};

/** One banner with its stations, as GET /ads/banners/{id}/ answers it. */
export const aBanner = (overrides: Partial<Banner> = {}): Banner => ({
  ...aBannerRow(5, 'Winter charging', {
    merchant: 7,
    merchant_name: 'Volt Energy',
    stations_count: 2,
  }),
  stations: [
    { id: 11, name: 'Volt Chui' },
    { id: 12, name: 'Volt Osh' },
  ],
  ...overrides,
});

/** One fullscreen, as GET /ads/banners/{id}/ answers it. */
export const aFullscreen = (overrides: Partial<Banner> = {}): Banner => ({
  ...aBannerRow(6, 'New stations', { type: 'fullscreen', category: 'maps', category_name: 'Map' }),
  stations: [],
  ...overrides,
});
