import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Partner } from '@evcms/contracts/partners';
import { jsonResponse, stubFetch, type SeenRequest } from '../../lib/test-fetch.ts';
import { inEnglish, renderScreen } from '../../test/render-screen.tsx';
import { PartnerList } from './partner-list.tsx';
import { aPartner } from './partner-test-data.ts';

inEnglish();

const page = (items: Partner[]) => jsonResponse(200, { items, page: 1, pages: 1, size: 10, total: items.length });
const rowOf = (name: string) => screen.getByText(name, { selector: 'td *' }).closest('tr')!;
const queryOf = (request: SeenRequest) => Object.fromEntries(request.url.searchParams);
const render = () =>
  renderScreen(<PartnerList />, {
    path: '/software-rental-partners',
    pattern: '/software-rental-partners',
    routes: [
      { path: '/software-rental-partners/create/:id?', element: <p data-testid="form">form</p> },
      { path: '/software-rental-partners/report', element: <p data-testid="report">report</p> },
    ],
  });

async function confirmIn(user: ReturnType<typeof userEvent.setup>, title: string) {
  const shown = await screen.findByText(title, { selector: '.ant-modal-confirm-title' });
  await user.click(within(shown.closest<HTMLElement>('[role="dialog"]')!).getByRole('button', { name: 'Yes' }));
}

const rows = [
  aPartner(2, 'Volt Ops', {
    status: 0,
    fee_model: 'fixed',
    fee_fixed: 15000,
    fee_percent: null,
    merchants: [
      { id: 7, name: 'Volt Energy' },
      { id: 8, name: 'Osh Power' },
    ],
    merchant_ids: [7, 8],
  }),
  aPartner(1, 'Chui Soft', { fee_percent: 12.5 }),
];

describe('partner list', { timeout: 60_000 }, () => {
  it('shows the fee terms and merchants, searches, and opens a partner’s form', async () => {
    const user = userEvent.setup({ delay: null });
    const api = stubFetch({ 'GET /partners/': () => page(rows) });
    const { router } = render();
    expect(await screen.findByText('Volt Ops', { selector: 'td *' })).toBeInTheDocument();
    expect(rowOf('Volt Ops')).toHaveTextContent('15,000.00 som a month');
    expect(rowOf('Volt Ops')).toHaveTextContent('Volt Energy, Osh Power');
    expect(rowOf('Volt Ops')).toHaveTextContent('+996 (700) 12-34-56');
    expect(rowOf('Chui Soft')).toHaveTextContent(/12\.5\s?%/);

    await user.type(screen.getByPlaceholderText('Search by ID, name, contract, contact, phone or email'), 'volt');
    await waitFor(() => expect(queryOf(api.callsTo('GET /partners/').at(-1)!)).toMatchObject({ search: 'volt' }));

    await user.click(within(rowOf('Chui Soft')).getByRole('button', { name: 'Edit' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/software-rental-partners/create/1'));
  });

  it('opens the report', async () => {
    const user = userEvent.setup({ delay: null });
    stubFetch({ 'GET /partners/': () => page(rows) });
    const { router } = render();
    await user.click(await screen.findByRole('button', { name: 'Report' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/software-rental-partners/report'));
  });

  it('switches a status after confirming, and deletes an inactive partner, not an active one', async () => {
    const user = userEvent.setup({ delay: null });
    const api = stubFetch({
      'GET /partners/': () => page(rows),
      'PATCH /partners/statuses/': () => jsonResponse(200, [{ ...rows[1]!, status: 0 }]),
      'DELETE /partners/1/': () => new Response(null, { status: 204 }),
    });
    render();
    const toggle = within(await waitFor(() => rowOf('Chui Soft'))).getByTestId('partner-status-switch');
    await user.click(toggle);
    await confirmIn(user, 'Activate the partner «Chui Soft»?');
    await waitFor(() => expect(api.callsTo('PATCH /partners/statuses/')).toHaveLength(1));
    expect(api.callsTo('PATCH /partners/statuses/')[0]!.json()).toEqual({ ids: [1], status: 0 });

    expect(within(rowOf('Volt Ops')).getByRole('button', { name: 'Delete' })).toBeDisabled();
    await user.click(within(rowOf('Chui Soft')).getByRole('button', { name: 'Delete' }));
    await confirmIn(user, 'Delete the partner «Chui Soft»?');
    await waitFor(() => expect(api.callsTo('DELETE /partners/1/')).toHaveLength(1));
  });
});
