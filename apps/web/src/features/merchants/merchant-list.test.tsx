import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MerchantListItem } from '@evcms/contracts/merchants';
import { i18n } from '../../lib/i18n.ts';
import { jsonResponse, stubFetch } from '../../lib/test-fetch.ts';
import { MerchantList } from './merchant-list.tsx';
import { renderScreen } from './test-render.tsx';

const aMerchant = (id: number, name: string, status: 0 | 1): MerchantListItem => ({
  id,
  name,
  name_ru: name,
  name_en: name,
  name_ky: name,
  agreement_number: `A-${id}`,
  legal_name: `${name} LLC`,
  country: 1,
  district: null,
  city: 1,
  country_name: 'Kyrgyzstan',
  district_name: null,
  city_name: 'Bishkek',
  street: 'Chui 1',
  phone: '996555123456',
  email: `m${id}@example.kg`,
  percentage: 10,
  status,
  stations_count: 3,
  active_stations: 2,
  inactive_stations: 1,
  created_by: 'Administrator',
  created_at: '2024-05-06T08:30:00.000Z',
});

// The machine is shared and antd under jsdom is slow: waits get more than the default second.
const slow = { timeout: 5000 };

beforeEach(async () => {
  await i18n.changeLanguage('en');
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('ru');
});

const toggleRow = (user: ReturnType<typeof userEvent.setup>, name: string) =>
  user.click(within(screen.getByText(name).closest('tr')!).getByRole('checkbox'));

describe('merchant list', { timeout: 30_000 }, () => {
  it('offers Deactivate for active rows, refuses a mixed selection, and sends the ids after confirming', async () => {
    const user = userEvent.setup({ delay: null });
    let merchants = [aMerchant(3, 'Volt', 0), aMerchant(2, 'Ampere', 0), aMerchant(1, 'Ohm', 1)];
    const api = stubFetch({
      'GET /merchants/': () => jsonResponse(200, { items: merchants, page: 1, pages: 1, size: 10, total: merchants.length }),
      'PATCH /merchants/statuses/': (request) => {
        const { ids, status } = request.json() as { ids: number[]; status: 0 | 1 };
        merchants = merchants.map((m) => (ids.includes(m.id) ? { ...m, status } : m));
        return jsonResponse(200, merchants.filter((m) => ids.includes(m.id)));
      },
    });
    renderScreen(<MerchantList />, '/merchants');
    const volt = (await screen.findByText('Volt', {}, slow)).closest('tr')!;
    // The phone is shown masked, the time in Bishkek (UTC+6).
    expect(volt).toHaveTextContent('+996 (555) 12-34-56');
    expect(volt).toHaveTextContent('06.05.2024 14:30');

    await toggleRow(user, 'Volt');
    await toggleRow(user, 'Ampere');
    expect(screen.getByTestId('bulk-status')).toHaveTextContent('Deactivate');
    expect(screen.getByTestId('bulk-status')).toBeEnabled();
    await toggleRow(user, 'Ohm');
    expect(screen.getByTestId('bulk-status')).toBeDisabled();
    await toggleRow(user, 'Ohm');

    await user.click(screen.getByTestId('bulk-status'));
    const dialog = await screen.findByRole('dialog', {}, slow);
    expect(dialog).toHaveTextContent('2');
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));

    await waitFor(() => expect(api.callsTo('PATCH /merchants/statuses/')).toHaveLength(1), slow);
    expect(api.callsTo('PATCH /merchants/statuses/')[0]!.json()).toEqual({ ids: [3, 2], status: 1 });
    // The list is asked again and the selection is gone.
    await waitFor(() => expect(api.callsTo('GET /merchants/').length).toBeGreaterThan(1), slow);
    await waitFor(() => expect(screen.queryByTestId('bulk-status')).not.toBeInTheDocument(), slow);
    await waitFor(() => expect(within(screen.getByText('Volt').closest('tr')!).getByText('Inactive')).toBeInTheDocument(), slow);
  });
});
