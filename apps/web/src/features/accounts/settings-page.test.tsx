import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch } from '../../lib/test-fetch.ts';
import { SettingsPage } from './settings-page.tsx';
import { inEnglish, renderScreen } from '../../test/render-screen.tsx';

const manager = { id: 1, email: 'aida@example.kg', name: 'Aida', language: 'en' };

inEnglish();

describe('settings', () => {
  it('saves the profile name', async () => {
    const user = userEvent.setup({ delay: null });
    const api = stubFetch({
      'GET /accounts/me/': () => jsonResponse(200, manager),
      'PATCH /accounts/me/': (r) => jsonResponse(200, { ...manager, ...(r.json() as object) }),
    });
    renderScreen(<SettingsPage />);
    const name = await screen.findByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Aida Bekova');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Profile saved')).toBeInTheDocument();
    expect(api.callsTo('PATCH /accounts/me/')[0]!.json()).toEqual({ name: 'Aida Bekova', language: 'en' });
  });

  it('puts a server field error on its field and shows it as a notification', async () => {
    const user = userEvent.setup({ delay: null });
    stubFetch({
      'GET /accounts/me/': () => jsonResponse(200, manager),
      'POST /accounts/change-password/': () => jsonResponse(400, { current_password: ['The current password is wrong'] }),
    });
    renderScreen(<SettingsPage />);
    await user.type(await screen.findByLabelText('Current password'), 'not-the-one');
    await user.type(screen.getByLabelText('New password'), 'new-password-1');
    await user.type(screen.getByLabelText('Confirm password'), 'new-password-1');
    await user.click(screen.getByRole('button', { name: 'Change password' }));

    await waitFor(() => expect(screen.getAllByText('The current password is wrong')).toHaveLength(2));
    const field = screen.getByLabelText('Current password').closest('.ant-form-item')!;
    expect(field).toHaveTextContent('The current password is wrong');
  });
});
