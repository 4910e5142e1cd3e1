import { bannerCreateRequest, type BannerCreateRequest } from '@evcms/contracts/banners';
import { STATUS_ACTIVE, STATUS_INACTIVE } from '@evcms/contracts/status';
import type { Rgb } from '../lib/png.ts';
import { createBanner } from '../modules/banners/banners.service.ts';
import { DAY } from './demo-history.ts';
import { fullscreenPicture, pictureUpload, promotionPicture } from './demo-image.ts';
import type { NetworkDeps } from './demo-network.ts';

/*
 * The demo's banners and fullscreens, made through the banners service: some current, one whose
 * completion has passed and one deactivated, so all four tabs of /banners and the driver app's
 * feed have something to show.
 */

interface DemoBanner {
  colour: Rgb;
  fields: Omit<BannerCreateRequest, 'start_at' | 'end_at' | 'stations'>;
  /** Days from now. */
  start: number;
  end: number;
}

const DEMO_BANNERS: DemoBanner[] = [
  {
    colour: [8, 117, 117],
    fields: {
      type: 'banner',
      name: 'Скидка 10% на всех станциях',
      link: 'https://evcms.example.kg/promotions',
      button_name: 'Подробнее',
      button_colour: '#087575',
    },
    start: -20,
    end: 40,
  },
  {
    colour: [35, 45, 110],
    fields: {
      type: 'banner',
      name: 'Новая станция в Оше',
      link: 'https://evcms.example.kg/stations/osh',
      button_name: 'На карте',
      button_colour: '#232d6e',
    },
    start: -5,
    end: 25,
  },
  {
    colour: [190, 90, 20],
    fields: {
      type: 'banner',
      name: 'Осенний марафон',
      link: 'https://evcms.example.kg/autumn',
      button_name: 'Участвовать',
      button_colour: '#be5a14',
    },
    start: -60,
    end: -10,
  },
  {
    colour: [40, 130, 40],
    fields: {
      type: 'fullscreen',
      name: 'Добро пожаловать',
      link: 'https://evcms.example.kg/welcome',
      category: 'main',
      destination: 'app',
    },
    start: -30,
    end: 60,
  },
  {
    colour: [150, 30, 40],
    fields: {
      type: 'fullscreen',
      name: 'Ночные часы',
      link: 'https://evcms.example.kg/night',
      category: 'stock_promotions',
      destination: 'browser',
    },
    start: -10,
    end: 30,
  },
  {
    colour: [90, 90, 90],
    fields: {
      type: 'fullscreen',
      name: 'Опрос водителей',
      link: 'https://evcms.example.kg/survey',
      category: 'notifications',
      destination: 'browser',
      status: STATUS_INACTIVE,
    },
    start: -15,
    end: 15,
  },
];

/** Makes them; answers how many. */
export async function createBanners(deps: NetworkDeps, uploadsDir: string, now: number): Promise<number> {
  for (const banner of DEMO_BANNERS) {
    const end = now + banner.end * DAY;
    const request = bannerCreateRequest.parse({
      ...banner.fields,
      start_at: new Date(now + banner.start * DAY).toISOString(),
      end_at: new Date(end).toISOString(),
      // One whose end has passed cannot be made active: it is made as the archive holds it.
      status: end > Date.now() ? (banner.fields.status ?? STATUS_ACTIVE) : STATUS_INACTIVE,
    });
    const picture =
      banner.fields.type === 'banner' ? promotionPicture(banner.colour) : fullscreenPicture(banner.colour);
    const image = await pictureUpload(uploadsDir, picture, `${banner.fields.type}.png`);
    await createBanner(deps, { ...request, image }, deps.managerId);
  }
  return DEMO_BANNERS.length;
}
