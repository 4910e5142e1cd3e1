import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch } from '../../lib/test-fetch.ts';
import { enterText, inEnglish, renderScreen } from '../../test/render-screen.tsx';
import { DriverForm } from './driver-form.tsx';
import { aDriver } from './driver-test-data.ts';

inEnglish();

const UNKNOWN = 'No driver has this referral code';

describe("the driver form's inviter", { timeout: 60_000 }, () => {
  it("sends the inviter's code with the registration; a code nobody has comes back onto the field", async () => {
    const user = userEvent.setup({ delay: null });
    const api = stubFetch({ 'POST /users/': () => jsonResponse(400, { referral_code: [UNKNOWN] }) });
    renderScreen(<DriverForm />, { path: '/users/create-edit-user', pattern: '/users/create-edit-user/:id?' });
    await user.type(await screen.findByLabelText('Surname'), 'Asanov');
    await user.type(screen.getByLabelText('First name'), 'Bakyt');
    await enterText(user, screen.getByLabelText('Phone'), '996555123456');
    const code = screen.getByLabelText("Inviter's referral code");
    await user.type(code, 'abc');
    await user.click(screen.getByTestId('driver-submit'));
    expect(await screen.findByText('A referral code is 8 Latin letters A-F or digits')).toBeInTheDocument();
    expect(api.callsTo('POST /users/')).toHaveLength(0);

    await user.clear(code);
    await user.type(code, ' 00ab12cd ');
    await user.click(screen.getByTestId('driver-submit'));
    expect(await screen.findByText(UNKNOWN, { selector: '.ant-form-item-explain-error' })).toBeInTheDocument();
    expect(api.callsTo('POST /users/')[0]!.json()).toMatchObject({ phone: '996555123456', referral_code: '00ab12cd' });
  });

  it('is not on the edit form: the card sets the inviter', async () => {
    stubFetch({ 'GET /users/7/': () => jsonResponse(200, aDriver(7)) });
    renderScreen(<DriverForm />, { path: '/users/create-edit-user/7', pattern: '/users/create-edit-user/:id?' });
    expect(await screen.findByLabelText('Surname')).toHaveValue('Asanov');
    expect(screen.queryByLabelText("Inviter's referral code")).not.toBeInTheDocument();
  });
});
