import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n.ts';
import { changeLanguage } from '../../lib/language.ts';
import { jsonResponse, stubFetch } from '../../lib/test-fetch.ts';
import { SettingsPage } from './settings-page.tsx';
import { enterText, inEnglish, renderScreen } from '../../test/render-screen.tsx';

// Saved in Russian; the tests run the interface in English.
const manager = { id: 1, email: 'aida@example.kg', name: 'Aida', language: 'ru' };

const languageFieldIn = (label: string) => screen.getByLabelText(label).closest<HTMLElement>('.ant-form-item')!;
const languageField = () => languageFieldIn('Language');

function stubProfileApi() {
  return stubFetch({
    'GET /accounts/me/': () => jsonResponse(200, manager),
    'PATCH /accounts/me/': (r) => jsonResponse(200, { ...manager, ...(r.json() as object) }),
  });
}

inEnglish();

describe('settings', () => {
  it('shows the interface language and saves the name without switching the interface', async () => {
    const user = userEvent.setup({ delay: null });
    const api = stubProfileApi();
    renderScreen(<SettingsPage />);
    const name = await screen.findByLabelText('Name');
    expect(languageField()).toHaveTextContent('English');
    await user.clear(name);
    await enterText(user, name, 'Aida Bekova');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Profile saved')).toBeInTheDocument();
    expect(api.callsTo('PATCH /accounts/me/')[0]!.json()).toEqual({ name: 'Aida Bekova', language: 'en' });
    expect(i18n.language).toBe('en');
    expect(screen.getByRole('button', { name: 'Save' })).toBeInTheDocument();
  });

  it('switches the interface to the language chosen in the field once saved', async () => {
    const user = userEvent.setup({ delay: null });
    const api = stubProfileApi();
    renderScreen(<SettingsPage />);
    await screen.findByLabelText('Name');
    await user.click(screen.getByLabelText('Language'));
    await user.click(await screen.findByTitle('Кыргызча'));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('button', { name: 'Сактоо' })).toBeInTheDocument();
    expect(api.callsTo('PATCH /accounts/me/')[0]!.json()).toEqual({ name: 'Aida', language: 'ky' });
  });

  it('follows a switch made in the header until the field is changed', async () => {
    stubProfileApi();
    renderScreen(<SettingsPage />);
    await screen.findByLabelText('Name');
    await act(() => changeLanguage('ky'));
    await waitFor(() => expect(languageFieldIn('Тил')).toHaveTextContent('Кыргызча'));

    // Chosen here: a later switch in the header leaves the choice alone.
    await userEvent.click(screen.getByLabelText('Тил'));
    await userEvent.click(await screen.findByTitle('Русский'));
    await act(() => changeLanguage('en'));
    await waitFor(() => expect(languageField()).toHaveTextContent('Русский'));
  });

  it('puts a server field error on its field and shows it as a notification', async () => {
    const user = userEvent.setup({ delay: null });
    stubFetch({
      'GET /accounts/me/': () => jsonResponse(200, manager),
      'POST /accounts/change-password/': () =>
        jsonResponse(400, { current_password: ['The current password is wrong'] }),
    });
    renderScreen(<SettingsPage />);
    await enterText(user, await screen.findByLabelText('Current password'), 'not-the-one');
    await enterText(user, screen.getByLabelText('New password'), 'new-password-1');
    await enterText(user, screen.getByLabelText('Confirm password'), 'new-password-1');
    await user.click(screen.getByRole('button', { name: 'Change password' }));

    await waitFor(() => expect(screen.getAllByText('The current password is wrong')).toHaveLength(2));
    const field = screen.getByLabelText('Current password').closest('.ant-form-item')!;
    expect(field).toHaveTextContent('The current password is wrong');

    // The field's error follows a language switch.
    await act(() => changeLanguage('ky'));
    expect(field).toHaveTextContent('Учурдагы сырсөз туура эмес');
  });
});
