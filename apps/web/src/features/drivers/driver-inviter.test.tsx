import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch } from '../../lib/test-fetch.ts';
import { inEnglish, renderScreen } from '../../test/render-screen.tsx';
import { DriverDetail } from './driver-detail.tsx';
import { aDriver, page } from './driver-test-data.ts';

inEnglish();

const render = () => renderScreen(<DriverDetail />, { path: '/users/user/7', pattern: '/users/user/:id' });
const CIRCLE = 'This driver invited the inviter (directly or through others): the link would make a circle';

describe("the driver card's inviter", { timeout: 60_000 }, () => {
  it('shows the referral code and the inviter with a link to its card', async () => {
    stubFetch({
      'GET /users/7/': () => jsonResponse(200, aDriver(7, { invited_by: { id: 3, name: 'Asanova Aida' } })),
      'GET /users/payments/': () => page([]),
    });
    render();
    const details = await screen.findByTestId('driver-details');
    expect(details).toHaveTextContent('0A1B2C3D');
    expect(within(screen.getByTestId('driver-inviter')).getByRole('link', { name: 'Asanova Aida' })).toHaveAttribute(
      'href',
      '/users/user/3',
    );
  });

  it("sets the inviter by its code, showing the server's refusal on the field", async () => {
    const user = userEvent.setup({ delay: null });
    let linked = false;
    let refuse = true;
    const api = stubFetch({
      'GET /users/7/': () =>
        jsonResponse(200, aDriver(7, { invited_by: linked ? { id: 3, name: 'Asanova Aida' } : null })),
      'GET /users/payments/': () => page([]),
      'PUT /users/7/inviter/': () => {
        if (refuse) return jsonResponse(409, { referral_code: [CIRCLE] });
        linked = true;
        return jsonResponse(200, { id: 3, name: 'Asanova Aida' });
      },
    });
    render();
    const inviter = await screen.findByTestId('driver-inviter');
    expect(inviter).toHaveTextContent('Nobody');
    await user.click(within(inviter).getByRole('button', { name: /Set inviter/ }));
    const dialog = await screen.findByRole('dialog');
    const code = within(dialog).getByLabelText("The inviter's referral code");
    await user.type(code, 'xyz');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('A referral code is 8 Latin letters A-F or digits')).toBeInTheDocument();
    expect(api.callsTo('PUT /users/7/inviter/')).toHaveLength(0);
    await user.clear(code);
    await user.type(code, '00ab12cd');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(CIRCLE)).toBeInTheDocument();
    refuse = false;
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('PUT /users/7/inviter/').at(-1)!.json()).toEqual({ referral_code: '00ab12cd' });
    expect(
      await within(screen.getByTestId('driver-inviter')).findByRole('link', { name: 'Asanova Aida' }),
    ).toBeInTheDocument();
  });
});
