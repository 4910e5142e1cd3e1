import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aCharge, page as chargePage } from '../../features/charges/charge-test-data.ts';
import { aDriver, page } from '../../features/drivers/driver-test-data.ts';
import { jsonResponse, stubFetch } from '../../lib/test-fetch.ts';
import { inEnglish, renderScreen } from '../../test/render-screen.tsx';
import { DriverDetailPage } from './driver-detail-page.tsx';

inEnglish();

describe('driver page', { timeout: 30_000 }, () => {
  it("holds the driver's charges, and leads to the charge list narrowed to them", async () => {
    const api = stubFetch({
      'GET /users/7/': () => jsonResponse(200, aDriver(7)),
      'GET /users/payments/': () => page([]),
      'GET /users/transactions/': () => chargePage([aCharge(118)]),
    });
    renderScreen(<DriverDetailPage />, { path: '/users/user/7', pattern: '/users/user/:id' });
    const card = within(await screen.findByTestId('driver-charges'));
    const row = (await card.findByRole('button', { name: 'Open charge no. 118' })).closest('tr')!;
    // Fewer columns than the list: the driver is the page's own.
    expect(row).toHaveTextContent('118Ala-Too06.05.2024 14:301 h 30 min12.345123.45Personal balanceFinished');
    expect(Object.fromEntries(api.callsTo('GET /users/transactions/')[0]!.url.searchParams)).toEqual({
      page: '1',
      size: '10',
      user: '7',
    });
    expect(card.getByRole('link', { name: 'Open in the charge list' })).toHaveAttribute(
      'href',
      '/chargers-list?user=7',
    );
  });
});
