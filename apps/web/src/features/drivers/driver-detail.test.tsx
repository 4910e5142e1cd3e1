import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Driver } from '@evcms/contracts/drivers';
import { jsonResponse, stubFetch, type SeenRequest } from '../../lib/test-fetch.ts';
import { enterText, inEnglish, renderScreen } from '../../test/render-screen.tsx';
import { DriverDetail } from './driver-detail.tsx';
import { aDriver, anEntry, page } from './driver-test-data.ts';

inEnglish();

const queryOf = (request: SeenRequest) => Object.fromEntries(request.url.searchParams);
const render = () => renderScreen(<DriverDetail />, { path: '/users/user/7', pattern: '/users/user/:id' });
const tag = (id: number, id_tag: string, blocked = false) => ({
  id,
  id_tag,
  blocked,
  created_at: '2024-05-06T08:30:00.000Z',
});
const TAKEN = 'The id tag "CARD-0002" already belongs to the driver with account 10000008';

describe('driver page', { timeout: 60_000 }, () => {
  it('shows the profile, the car and the driver’s ledger entries, newest first', async () => {
    const api = stubFetch({
      'GET /users/7/': () =>
        jsonResponse(
          200,
          aDriver(7, {
            email: 'bakyt@example.com',
            gender: 'male',
            birthday: '1990-03-15',
            age: 34,
            platform: 1,
            app_version: '2.4.1',
            car: { make: 'Tesla', model: 'Model 3', year: 2021, colour: null },
          }),
        ),
      'GET /users/payments/': () =>
        page([
          anEntry(2, {
            reason: 'Charge 118',
            method: 'charge',
            method_name: 'Charge payment',
            debit: 12,
            credit: 0,
            deposit: 238.5,
            manager: null,
          }),
          anEntry(1),
        ]),
    });
    render();
    const details = await screen.findByTestId('driver-details');
    // jsdom is a phone to antd's breakpoints: each label stands above its value.
    for (const text of [
      '10000007',
      '+996 (555) 12-34-56',
      'bakyt@example.com',
      'Male',
      '15.03.1990 (34 years)',
      'iOS',
      '2.4.1',
    ]) {
      expect(within(details).getByText(text)).toBeInTheDocument();
    }
    expect(screen.getByTestId('driver-car')).toHaveTextContent('MakeTeslaModelModel 3Year2021ColourNot given');
    expect(screen.getByTestId('driver-balance')).toHaveTextContent('100.00som');

    const ledger = within(screen.getByTestId('driver-ledger'));
    const charge = (await ledger.findByText('Charge 118')).closest('tr')!;
    expect(charge).toHaveTextContent('06.05.2024 15:15Charge 118Charge payment−12.00238.50 som');
    expect(ledger.getByText('Cash at the office').closest('tr')).toHaveTextContent(
      'Top-up by a manager+150.50250.50 somAdministrator',
    );
    expect(queryOf(api.callsTo('GET /users/payments/')[0]!)).toEqual({ page: '1', size: '10', user: '7' });
    expect(ledger.getByRole('link', { name: 'Open in the extract' })).toHaveAttribute(
      'href',
      '/extract-balance?user=7',
    );
  });

  it('adds an id tag, with a taken one refused on the field, and blocks a tag after asking', async () => {
    const user = userEvent.setup({ delay: null });
    let driver: Driver = aDriver(7, { id_tags: [tag(1, '04A1B2C3')] });
    let posts = 0;
    const api = stubFetch({
      'GET /users/7/': () => jsonResponse(200, driver),
      'GET /users/payments/': () => page([]),
      'POST /users/7/id-tags/': () => {
        if (++posts === 1) return jsonResponse(400, { id_tag: [TAKEN] });
        driver = { ...driver, id_tags: [...driver.id_tags, tag(2, 'CARD-0003')] };
        return jsonResponse(201, tag(2, 'CARD-0003'));
      },
      'PATCH /users/7/id-tags/1/': (request) =>
        jsonResponse(200, { ...tag(1, '04A1B2C3'), ...(request.json() as object) }),
    });
    render();
    const tags = within(await screen.findByTestId('driver-id-tags'));
    const field = tags.getByLabelText('New id tag');

    // The contract's rule first: no spaces.
    await user.type(field, 'CARD 2');
    await user.click(tags.getByRole('button', { name: 'Add' }));
    expect(
      await tags.findByText('An id tag is 1 to 20 Latin letters, digits or symbols, without spaces'),
    ).toBeInTheDocument();
    await user.clear(field);
    await enterText(user, field, 'CARD-0002');
    await user.click(tags.getByRole('button', { name: 'Add' }));
    expect(await tags.findByText(TAKEN)).toBeInTheDocument();
    await user.clear(field);
    await enterText(user, field, ' CARD-0003 ');
    await user.click(tags.getByRole('button', { name: 'Add' }));
    expect(await tags.findByText('CARD-0003')).toBeInTheDocument();
    expect(api.callsTo('POST /users/7/id-tags/').map((call) => call.json())).toEqual([
      { id_tag: 'CARD-0002' },
      { id_tag: 'CARD-0003' },
    ]);
    // The field is mounted afresh, empty, for the next tag.
    await waitFor(() => expect(tags.getByLabelText('New id tag')).toHaveValue(''));

    const row = tags.getByText('04A1B2C3').closest('tr')!;
    expect(row).toHaveTextContent('Active');
    await user.click(within(row).getByRole('button', { name: 'Block' }));
    const title = await screen.findByText('Block the id tag «04A1B2C3»?', { selector: '.ant-modal-confirm-title' });
    await user.click(within(title.closest<HTMLElement>('[role="dialog"]')!).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(row).toHaveTextContent('Blocked'));
    expect(api.callsTo('PATCH /users/7/id-tags/1/')[0]!.json()).toEqual({ blocked: true });
    expect(within(row).getByRole('button', { name: 'Unblock' })).toBeInTheDocument();
  });

  it('shows the new balance once a top-up is written, and reads the driver’s ledger again', async () => {
    const user = userEvent.setup({ delay: null });
    let entries = [anEntry(1, { credit: 100, deposit: 100 })];
    const api = stubFetch({
      'GET /users/7/': () => jsonResponse(200, aDriver(7, { balance: 100 })),
      'GET /users/payments/': () => page(entries),
      'PATCH /users/7/balance/': () => {
        entries = [anEntry(2, { reason: 'Bonus for the survey', credit: 50.25, deposit: 150.25 }), ...entries];
        return jsonResponse(200, aDriver(7, { balance: 150.25 }));
      },
    });
    render();
    await waitFor(() => expect(screen.getByTestId('driver-balance')).toHaveTextContent('100.00som'));
    await user.click(screen.getByRole('button', { name: 'Top up the balance' }));
    // Under jsdom antd gives every dialog the same title id; the title's text finds this one.
    const title = await screen.findByText('Balance top-up: Asanov Bakyt', { selector: '.ant-modal-title' });
    const dialog = within(title.closest<HTMLElement>('[role="dialog"]')!);
    await user.type(dialog.getByLabelText('Amount'), '50.25');
    await enterText(user, dialog.getByLabelText('Reason'), 'Bonus for the survey');
    await user.click(dialog.getByRole('button', { name: 'Top up' }));
    await screen.findByText('The balance is topped up', { selector: '.ant-modal-confirm-title' });
    expect(screen.getByTestId('driver-balance')).toHaveTextContent('150.25som');
    expect(await within(screen.getByTestId('driver-ledger')).findByText('Bonus for the survey')).toBeInTheDocument();
    expect(api.callsTo('GET /users/payments/')).toHaveLength(2);
  });

  it('says so for a driver that does not exist', async () => {
    stubFetch({ 'GET /users/7/': () => jsonResponse(404, { detail: 'Not found.' }) });
    render();
    expect(await screen.findByTestId('driver-not-found')).toHaveTextContent('User not found');
  });
});
