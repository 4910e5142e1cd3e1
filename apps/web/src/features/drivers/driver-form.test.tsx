import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch } from '../../lib/test-fetch.ts';
import { enterText, inEnglish, renderScreen } from '../../test/render-screen.tsx';
import { DriverForm } from './driver-form.tsx';
import { aDriver } from './driver-test-data.ts';

inEnglish();

const TAKEN = 'A driver with this phone number is already registered';
const render = (path: string) =>
  renderScreen(<DriverForm />, {
    path,
    pattern: '/users/create-edit-user/:id?',
    routes: [{ path: '/users/user/:id', element: <p data-testid="detail">detail</p> }],
  });

async function closeSuccess(user: ReturnType<typeof userEvent.setup>, title: string) {
  const heading = await screen.findByText(title, { selector: '.ant-modal-confirm-title' });
  await user.click(within(heading.closest<HTMLElement>('[role="dialog"]')!).getByRole('button', { name: 'Okay' }));
}

describe('driver form', { timeout: 60_000 }, () => {
  it('registers a card customer with the first card; a taken phone comes back onto its field', async () => {
    const user = userEvent.setup({ delay: null });
    let posts = 0;
    const api = stubFetch({
      'POST /users/': () => (++posts === 1 ? jsonResponse(400, { phone: [TAKEN] }) : jsonResponse(201, aDriver(12))),
    });
    const { router } = render('/users/create-edit-user');
    await user.type(await screen.findByLabelText('Surname'), 'Asanov');
    await user.type(screen.getByLabelText('First name'), 'Bakyt');
    const phone = screen.getByLabelText('Phone');
    await enterText(user, phone, '996555123456');
    // The field shows the mask of spec 5; the request gets the digits.
    expect(phone).toHaveValue('+996 (555) 12-34-56');
    await enterText(user, screen.getByLabelText('Id tag'), '04A1B2C3');
    await user.click(screen.getByTestId('driver-submit'));

    expect(await screen.findByText(TAKEN, { selector: '.ant-form-item-explain-error' })).toBeInTheDocument();
    expect(api.callsTo('POST /users/')[0]!.json()).toEqual({
      surname: 'Asanov',
      first_name: 'Bakyt',
      phone: '996555123456',
      blocked: false,
      id_tag: '04A1B2C3',
    });
    await user.clear(phone);
    await enterText(user, phone, '996700123456');
    await user.click(screen.getByTestId('driver-submit'));
    await closeSuccess(user, 'The customer is registered');
    await waitFor(() => expect(router.state.location.pathname).toBe('/users/user/12'));
    expect(api.callsTo('POST /users/')[1]!.json()).toMatchObject({ phone: '996700123456' });
  });

  it('checks the fields with the contract before sending', async () => {
    const user = userEvent.setup({ delay: null });
    const api = stubFetch({});
    render('/users/create-edit-user');
    await user.type(await screen.findByLabelText('Phone'), '99655');
    await user.type(screen.getByLabelText('Id tag'), 'CARD 1');
    await user.click(screen.getByTestId('driver-submit'));
    expect(await screen.findAllByText('Field cannot be blank')).toHaveLength(2);
    expect(screen.getByText('Please enter correct phone number format')).toBeInTheDocument();
    expect(
      screen.getByText('An id tag is 1 to 20 Latin letters, digits or symbols, without spaces'),
    ).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it('edits a driver, sending only what changed', async () => {
    const user = userEvent.setup({ delay: null });
    const api = stubFetch({
      'GET /users/7/': () => jsonResponse(200, aDriver(7, { licence: 'AB123' })),
      'PATCH /users/7/': () => jsonResponse(200, aDriver(7, { blocked: true })),
    });
    const { router } = render('/users/create-edit-user/7');
    expect(await screen.findByLabelText('Driving licence')).toHaveValue('AB123');
    // A new driver's first card only: the page's id tags card handles the rest.
    expect(screen.queryByLabelText('Id tag')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Colour'), 'White');
    await user.click(screen.getByRole('switch', { name: 'Blocking' }));
    await user.click(screen.getByTestId('driver-submit'));
    await closeSuccess(user, 'Changes saved');
    await waitFor(() => expect(router.state.location.pathname).toBe('/users/user/7'));
    expect(api.callsTo('PATCH /users/7/')[0]!.json()).toEqual({
      car: { make: null, model: null, year: null, colour: 'White' },
      blocked: true,
    });
  });
});
