import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Merchant } from '@evcms/contracts/merchants';
import { aStationRow } from '../../features/stations/station-test-data.ts';
import { jsonResponse, stubFetch } from '../../lib/test-fetch.ts';
import { inEnglish, renderScreen } from '../../test/render-screen.tsx';
import { MerchantDetailPage } from './merchant-detail-page.tsx';

inEnglish();

const merchant: Merchant = {
  id: 5,
  name: 'Volt',
  name_ru: 'Вольт',
  name_en: 'Volt',
  name_ky: 'Вольт',
  agreement_number: 'A-5',
  legal_name: 'Volt LLC',
  country: 1,
  district: null,
  city: 2,
  country_name: 'Kyrgyzstan',
  district_name: null,
  city_name: 'Bishkek',
  street: 'Chui 1',
  phone: '996555123456',
  email: 'volt@example.kg',
  percentage: 10,
  status: 0,
  stations_count: 1,
  active_stations: 1,
  inactive_stations: 0,
  created_by: 'Administrator',
  created_at: '2024-05-06T08:30:00.000Z',
  tags: [],
  environment: [],
  tag_items: [],
  environment_items: [],
  schedule: [],
};

describe('merchant page', { timeout: 30_000 }, () => {
  it('holds the merchant\'s station list under its station counts', async () => {
    const api = stubFetch({
      'GET /merchants/5/': () => jsonResponse(200, merchant),
      'GET /stations/': () => jsonResponse(200, { items: [aStationRow(8, 'Volt Chui', 0)], page: 1, pages: 1, size: 10, total: 1 }),
    });
    renderScreen(<MerchantDetailPage />, { path: '/merchants/merchant/5', pattern: '/merchants/merchant/:id' });
    const link = await screen.findByRole('link', { name: 'Volt Chui' });
    expect(link).toHaveAttribute('href', '/merchants/merchant/5/station-info/8');
    expect(api.callsTo('GET /stations/')[0]!.url.searchParams.get('merchant')).toBe('5');
    const card = link.closest<HTMLElement>('.ant-card')!;
    expect(within(card).getByText('Total')).toBeInTheDocument();
  });
});
