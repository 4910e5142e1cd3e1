import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../lib/language.ts';
import { jsonResponse, stubFetch } from '../../lib/test-fetch.ts';
import { enterText, inEnglish, renderScreen } from '../../test/render-screen.tsx';
import { ResetPasswordPage } from './reset-password-page.tsx';

inEnglish();

describe('password recovery screen', () => {
  it('asks for the mail in the language of the screen, and says it was sent in the current one', async () => {
    const user = userEvent.setup({ delay: null });
    const api = stubFetch({
      'POST /accounts/password-reset/': () =>
        jsonResponse(200, { detail: 'Если этот адрес принадлежит учётной записи, мы отправили на него инструкции.' }),
    });
    await act(() => changeLanguage('ru'));
    renderScreen(<ResetPasswordPage />);
    await enterText(user, screen.getByLabelText('Электронная почта'), 'manager@example.kg');
    await user.click(screen.getByRole('button', { name: 'Отправить инструкции' }));

    expect(await screen.findByText(/мы отправили на него инструкции/)).toBeInTheDocument();
    expect(api.callsTo('POST /accounts/password-reset/')[0]!.headers.get('accept-language')).toBe('ru');
    expect(document.title).toBe('Восстановление пароля · Бэк-офис электрозарядки');

    await act(() => changeLanguage('en'));
    expect(
      screen.getByText('If this address belongs to an account, we have sent instructions to it.'),
    ).toBeInTheDocument();
    expect(document.title).toBe('Password recovery · EV Charging Back Office');
  });

  it("shows the server's refusal above the button, and checks the address before sending", async () => {
    const user = userEvent.setup({ delay: null });
    const api = stubFetch({
      'POST /accounts/password-reset/': () => jsonResponse(429, { detail: 'Too many attempts' }),
    });
    renderScreen(<ResetPasswordPage />);
    await user.click(screen.getByRole('button', { name: 'Send instructions' }));
    expect(await screen.findByText('Enter your email address')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);

    await enterText(user, screen.getByLabelText('Email'), 'manager@example.kg');
    await user.click(screen.getByRole('button', { name: 'Send instructions' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts');
  });
});
