import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch } from '../../lib/test-fetch.ts';
import { ChangePasswordPage } from './change-password-page.tsx';
import { enterText, inEnglish, renderScreen } from '../../test/render-screen.tsx';

inEnglish();

/** The signed-out screens read the browser's address (lib/browser-location.ts). */
function renderAt(address: string) {
  window.history.pushState(null, '', address);
  return renderScreen(<ChangePasswordPage />);
}

describe('create new password screen', () => {
  it('checks the length and that the confirmation matches', async () => {
    const user = userEvent.setup({ delay: null });
    renderAt('/change-password?token=t1');
    await user.type(screen.getByLabelText('New password'), 'short');
    expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument();
    await enterText(user, screen.getByLabelText('New password'), '-but-long-now');
    await enterText(user, screen.getByLabelText('Confirm password'), 'something-else');
    expect(await screen.findByText('Password mismatch')).toBeInTheDocument();
  });

  it('sends the token with the new password and says it is done', async () => {
    const user = userEvent.setup({ delay: null });
    const api = stubFetch({
      'POST /accounts/password-reset/confirm/': () => jsonResponse(200, { detail: 'Password changed' }),
    });
    renderAt('/change-password?token=t1');
    await enterText(user, screen.getByLabelText('New password'), 'new-password-1');
    await enterText(user, screen.getByLabelText('Confirm password'), 'new-password-1');
    await user.click(screen.getByRole('button', { name: 'Save password' }));

    expect(await screen.findByText('Password changed')).toBeInTheDocument();
    expect(api.calls[0]!.json()).toEqual({
      token: 't1',
      password: 'new-password-1',
      password_confirm: 'new-password-1',
    });
  });

  it('explains a link without a token', async () => {
    renderAt('/change-password');
    expect(await screen.findByText('The link is invalid or has expired. Request a new one.')).toBeInTheDocument();
  });
});
