import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aStationRow } from '../../features/stations/station-test-data.ts';
import { jsonResponse, stubFetch } from '../../lib/test-fetch.ts';
import { inEnglish, renderScreen } from '../../test/render-screen.tsx';
import { MerchantDetailPage } from './merchant-detail-page.tsx';
import { aMerchantRecord } from '../../features/merchants/merchant-test-data.ts';

inEnglish();

const merchant = aMerchantRecord();

describe('merchant page', { timeout: 30_000 }, () => {
  it("holds the merchant's station list under its station counts", async () => {
    const api = stubFetch({
      'GET /merchants/5/': () => jsonResponse(200, merchant),
      'GET /stations/': () =>
        jsonResponse(200, { items: [aStationRow(8, 'Volt Chui', 0)], page: 1, pages: 1, size: 10, total: 1 }),
    });
    renderScreen(<MerchantDetailPage />, { path: '/merchants/merchant/5', pattern: '/merchants/merchant/:id' });
    const link = await screen.findByRole('link', { name: 'Volt Chui' });
    expect(link).toHaveAttribute('href', '/merchants/merchant/5/station-info/8');
    expect(api.callsTo('GET /stations/')[0]!.url.searchParams.get('merchant')).toBe('5');
    const card = link.closest<HTMLElement>('.ant-card')!;
    expect(within(card).getByText('Total')).toBeInTheDocument();
  });
});
