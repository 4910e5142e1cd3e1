import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Rate } from '@evcms/contracts/rates';
import { jsonResponse, stubFetch, type SeenRequest } from '../../lib/test-fetch.ts';
import { inEnglish, renderScreen } from '../../test/render-screen.tsx';
import { RateList } from './rate-list.tsx';
import { aRate, CONNECTOR_TYPES } from './rate-test-data.ts';

inEnglish();

const page = (items: Rate[]) => jsonResponse(200, { items, page: 1, pages: 1, size: 10, total: items.length });
const rowOf = (name: string) => screen.getByText(name, { selector: 'td *' }).closest('tr')!;
const types = () => jsonResponse(200, CONNECTOR_TYPES);
const queryOf = (request: SeenRequest) => Object.fromEntries(request.url.searchParams);
const render = () =>
  renderScreen(<RateList />, {
    path: '/rates',
    pattern: '/rates',
    routes: [{ path: '/rates/edit-rates/:id?', element: <p data-testid="form">form</p> }],
  });

async function chooseIn(user: ReturnType<typeof userEvent.setup>, label: string, option: string) {
  await user.click(screen.getByLabelText(label));
  await user.click(await screen.findByTitle(option));
}

/*
 * The toolbar, selection and bulk rule are shared and tested with the tag, merchant and station
 * lists; here: what a rate row shows, the rate filters, the rules of edit and delete, and that a
 * bulk answer is merged into the list.
 */
describe('rate list', { timeout: 60_000 }, () => {
  it('shows type, connector type, price and merchants, and filters by type and connector type', async () => {
    const user = userEvent.setup({ delay: null });
    const api = stubFetch({
      'GET /stations/connectors-types-positions/': types,
      'GET /payments/': (request) =>
        request.url.searchParams.has('typo')
          ? page([])
          : page([
              aRate(2, 'Chui personal', {
                type: 'personal',
                typo: 'ccs2',
                typo_name: 'CCS Combo 2',
                price: 14.25,
                merchants: [3, 7],
              }),
              aRate(1, 'Basic Type 2', { status: 0 }),
            ]),
    });
    render();
    await screen.findByText('Basic Type 2');
    expect(rowOf('Basic Type 2')).toHaveTextContent('DefaultType 2 (Mennekes)12.50 som/kWhAll');
    expect(rowOf('Chui personal')).toHaveTextContent('PersonalCCS Combo 214.25 som/kWh2');

    await chooseIn(user, 'Rate type', 'Personal');
    await waitFor(() =>
      expect(queryOf(api.callsTo('GET /payments/').at(-1)!)).toEqual({ page: '1', size: '10', default: 'false' }),
    );
    await chooseIn(user, 'Connector type', 'CCS Combo 2');
    await waitFor(() =>
      expect(queryOf(api.callsTo('GET /payments/').at(-1)!)).toEqual({
        page: '1',
        size: '10',
        default: 'false',
        typo: 'ccs2',
      }),
    );
    // A filter in force: the empty table is a search result, not an empty network.
    expect(await screen.findByText('Nothing found')).toBeInTheDocument();
  });

  it('says when there are no rates yet, and leads to the new rate form', async () => {
    const user = userEvent.setup({ delay: null });
    stubFetch({ 'GET /stations/connectors-types-positions/': types, 'GET /payments/': () => page([]) });
    const { router } = render();
    expect(await screen.findByText("You don't have any tariffs yet")).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create rate' }));
    expect(router.state.location.pathname).toBe('/rates/edit-rates');
  });

  it('edits and deletes only inactive rates; a delete asks first, then the list reloads', async () => {
    const user = userEvent.setup({ delay: null });
    let rates = [aRate(3, 'Spare'), aRate(2, 'Old Type 2'), aRate(1, 'Basic Type 2', { status: 0 })];
    const api = stubFetch({
      'GET /stations/connectors-types-positions/': types,
      'GET /payments/': () => page(rates),
      'DELETE /payments/2/': () => {
        rates = rates.filter((rate) => rate.id !== 2);
        return new Response(null, { status: 204 });
      },
    });
    const { router } = render();
    await screen.findByText('Old Type 2');
    const active = within(rowOf('Basic Type 2'));
    expect(active.getByRole('button', { name: 'Edit' })).toBeDisabled();
    expect(active.getByRole('button', { name: 'Delete' })).toBeDisabled();
    // The tooltips say why.
    await user.hover(active.getByRole('button', { name: 'Edit' }));
    expect(await screen.findByText('An active rate cannot be edited: deactivate it first')).toBeInTheDocument();
    await user.hover(active.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('An active rate cannot be deleted: deactivate it first')).toBeInTheDocument();

    await user.click(within(rowOf('Old Type 2')).getByRole('button', { name: 'Delete' }));
    const title = await screen.findByText('Delete the rate «Old Type 2»?', { selector: '.ant-modal-confirm-title' });
    await user.click(within(title.closest<HTMLElement>('[role="dialog"]')!).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(screen.queryByText('Old Type 2')).not.toBeInTheDocument());
    expect(api.callsTo('DELETE /payments/2/')).toHaveLength(1);
    expect(api.callsTo('GET /payments/')).toHaveLength(2);

    await user.click(within(rowOf('Spare')).getByRole('button', { name: 'Edit' }));
    expect(router.state.location.pathname).toBe('/rates/edit-rates/3');
  });

  it('activates the selected rates after a confirmation with their count, merging the answer without a reload', async () => {
    const user = userEvent.setup({ delay: null });
    const rates = [
      aRate(3, 'CCS night', { typo: 'ccs2' }),
      aRate(2, 'CHAdeMO', { typo: 'chademo' }),
      aRate(1, 'Basic', { status: 0 }),
    ];
    const api = stubFetch({
      'GET /stations/connectors-types-positions/': types,
      'GET /payments/': () => page(rates),
      'PATCH /payments/': (request) => {
        const changes = request.json() as { id: number; status: 0 | 1 }[];
        return jsonResponse(
          200,
          changes.map(({ id, status }) => ({ ...rates.find((rate) => rate.id === id)!, status, active: status === 0 })),
        );
      },
    });
    render();
    await screen.findByText('CCS night');
    await user.click(within(rowOf('CHAdeMO')).getByRole('checkbox'));
    await user.click(within(rowOf('CCS night')).getByRole('checkbox'));
    await user.click(screen.getByTestId('bulk-status'));
    const title = await screen.findByText('Activate the selected items?', { selector: '.ant-modal-confirm-title' });
    const dialog = title.closest<HTMLElement>('[role="dialog"]')!;
    expect(dialog).toHaveTextContent('Selected: 2');
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));

    await waitFor(() => expect(api.callsTo('PATCH /payments/')).toHaveLength(1));
    expect(api.callsTo('PATCH /payments/')[0]!.json()).toEqual([
      { id: 2, status: 0 },
      { id: 3, status: 0 },
    ]);
    await waitFor(() => expect(within(rowOf('CCS night')).getByRole('switch')).toBeChecked());
    expect(within(rowOf('CHAdeMO')).getByRole('switch')).toBeChecked();
    expect(api.callsTo('GET /payments/')).toHaveLength(1);
  });

  it('says why an activation is refused: the server names the rate already active', async () => {
    const user = userEvent.setup({ delay: null });
    const refusal = 'The default rate "Basic" is already active for this connector type. Deactivate it first.';
    stubFetch({
      'GET /stations/connectors-types-positions/': types,
      'GET /payments/': () => page([aRate(2, 'Second'), aRate(1, 'Basic', { status: 0 })]),
      'PATCH /payments/': () => jsonResponse(409, { detail: refusal }),
    });
    render();
    await screen.findByText('Second');
    await user.click(within(rowOf('Second')).getByRole('switch'));
    const title = await screen.findByText('Activate the rate «Second»?', { selector: '.ant-modal-confirm-title' });
    await user.click(within(title.closest<HTMLElement>('[role="dialog"]')!).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    expect(within(rowOf('Second')).getByRole('switch')).not.toBeChecked();
  });
});
