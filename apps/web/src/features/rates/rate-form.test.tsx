import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch, type FetchHandler } from '../../lib/test-fetch.ts';
import { inEnglish, renderScreen } from '../../test/render-screen.tsx';
import { RateForm } from './rate-form.tsx';
import { aRate, CONNECTOR_TYPES } from './rate-test-data.ts';

inEnglish();

const MERCHANTS = [
  { id: 7, name: 'Volt Energy' },
  { id: 3, name: 'Osh Charge' },
];

const common: Record<string, FetchHandler> = {
  'GET /stations/connectors-types-positions/': () => jsonResponse(200, CONNECTOR_TYPES),
  'GET /payments/default-rates-fee/': () =>
    jsonResponse(200, [
      { typo: 'type2', typo_name: 'Type 2 (Mennekes)', price: 11, rate_id: 1, rate_name: 'Basic' },
      { typo: 'ccs2', typo_name: 'CCS Combo 2', price: null, rate_id: null, rate_name: null },
    ]),
  'GET /merchants/for-promotion/': (request) => {
    const search = request.url.searchParams.get('search')?.toLowerCase() ?? '';
    const items = MERCHANTS.filter((merchant) => merchant.name.toLowerCase().includes(search));
    return jsonResponse(200, { items, page: 1, pages: 1, size: 20, total: items.length });
  },
};

const render = (path: string) =>
  renderScreen(<RateForm />, {
    path,
    pattern: '/rates/edit-rates/:id?',
    routes: [{ path: '/rates', element: <p data-testid="rates">rates</p> }],
  });

const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const itemOf = (label: string) => screen.getByLabelText(label).closest<HTMLElement>('.ant-form-item')!;

async function choose(user: ReturnType<typeof userEvent.setup>, label: string, option: string) {
  await user.click(screen.getByLabelText(label));
  await user.click(await screen.findByTitle(option));
}

describe('rate form', { timeout: 60_000 }, () => {
  it('creates a default rate with a decimal comma price, after the server flagged a field; then back to the list', async () => {
    const user = userEvent.setup({ delay: null });
    let answer: FetchHandler = () => jsonResponse(400, { name: ['A rate with this name already exists'] });
    const api = stubFetch({ ...common, 'POST /payments/': (request) => answer(request) });
    const { router } = render('/rates/edit-rates');

    fill('Name', 'Basic Type 2');
    await choose(user, 'Connector type', 'Type 2 (Mennekes)');
    // What is active now for the type, before a second default rate is made.
    expect(await screen.findByText('Active default rate for this type: «Basic», 11.00 som/kWh')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Price per kWh'), '12,5');
    await user.click(screen.getByTestId('rate-submit'));

    await waitFor(() => expect(api.callsTo('POST /payments/')).toHaveLength(1));
    expect(api.callsTo('POST /payments/')[0]!.json()).toEqual({
      name: 'Basic Type 2',
      type: 'default',
      typo: 'type2',
      price: 12.5,
      status: 1,
      merchants: [],
    });
    // Spec 8: the field is flagged and its message said in a notification as well.
    await waitFor(() => expect(itemOf('Name')).toHaveTextContent('A rate with this name already exists'));
    expect(
      await screen.findByText('A rate with this name already exists', { selector: '.ant-notification *' }),
    ).toBeInTheDocument();

    answer = () => jsonResponse(201, aRate(4, 'Basic Type 2 (2024)'));
    fill('Name', 'Basic Type 2 (2024)');
    await user.click(screen.getByTestId('rate-submit'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Rate created');
    await user.click(within(dialog).getByRole('button', { name: 'Okay' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/rates'));
  });

  it('asks a personal rate for its merchants, found by name, and refuses a price with three decimals', async () => {
    const user = userEvent.setup({ delay: null });
    const api = stubFetch({ ...common, 'POST /payments/': () => jsonResponse(201, aRate(5, 'Osh fast')) });
    render('/rates/edit-rates');

    fill('Name', 'Osh fast');
    await user.click(screen.getByText('Personal'));
    await choose(user, 'Connector type', 'CCS Combo 2');
    await user.type(screen.getByLabelText('Price per kWh'), '14.255');
    await user.click(screen.getByTestId('rate-submit'));

    await waitFor(() =>
      expect(itemOf('Merchants')).toHaveTextContent('Choose at least one merchant for a personal rate'),
    );
    await waitFor(() =>
      expect(itemOf('Price per kWh')).toHaveTextContent('Ensure that there are no more than 2 decimal places'),
    );
    expect(api.callsTo('POST /payments/')).toHaveLength(0);

    await user.type(screen.getByLabelText('Merchants'), 'osh');
    await waitFor(() =>
      expect(api.callsTo('GET /merchants/for-promotion/').at(-1)!.url.searchParams.get('search')).toBe('osh'),
    );
    await user.click(await screen.findByTitle('Osh Charge'));
    fill('Price per kWh', '14.25');
    await user.click(screen.getByTestId('rate-submit'));

    await waitFor(() => expect(api.callsTo('POST /payments/')).toHaveLength(1));
    expect(api.callsTo('POST /payments/')[0]!.json()).toMatchObject({
      type: 'personal',
      typo: 'ccs2',
      price: 14.25,
      merchants: [3],
    });
  });

  it('edits a stored rate, sending only what changed, and keeps a refusal on no field in view', async () => {
    const user = userEvent.setup({ delay: null });
    const stored = aRate(5, 'Chui personal', {
      type: 'personal',
      typo: 'ccs2',
      typo_name: 'CCS Combo 2',
      price: 14.25,
      merchants: [7],
    });
    const conflict =
      'The merchant "Issyk-Kul Charge" already has the active personal rate "Old" for this connector type. Deactivate it first.';
    const api = stubFetch({
      ...common,
      'GET /payments/5/': () => jsonResponse(200, stored),
      'PATCH /payments/5/': () => jsonResponse(409, { detail: conflict }),
    });
    render('/rates/edit-rates/5');

    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveValue('Chui personal'));
    // The stored merchant is named, though no search offered it yet.
    await waitFor(() => expect(itemOf('Merchants')).toHaveTextContent('Volt Energy'));
    await user.click(screen.getByRole('switch', { name: 'Active' }));
    await user.click(screen.getByTestId('rate-submit'));

    await waitFor(() => expect(api.callsTo('PATCH /payments/5/')).toHaveLength(1));
    expect(api.callsTo('PATCH /payments/5/')[0]!.json()).toEqual({ status: 0 });
    expect(await screen.findByTestId('rate-form-failure')).toHaveTextContent(conflict);
  });

  it('shows an active rate without letting it be edited, and says when a rate does not exist', async () => {
    stubFetch({
      ...common,
      'GET /payments/1/': () => jsonResponse(200, aRate(1, 'Basic', { status: 0 })),
      'GET /payments/9/': () => jsonResponse(404, { detail: 'Not found.' }),
    });
    const { unmount } = render('/rates/edit-rates/1');
    expect(await screen.findByText(/This rate is active, so it cannot be edited/)).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toBeDisabled();
    expect(screen.queryByTestId('rate-submit')).not.toBeInTheDocument();
    unmount();

    render('/rates/edit-rates/9');
    expect(await screen.findByTestId('rate-not-found')).toHaveTextContent('Rate not found');
  });
});
