import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n.ts';
import { changeLanguage } from '../../lib/language.ts';
import { jsonResponse, stubFetch } from '../../lib/test-fetch.ts';
import { tokenStore } from '../../lib/token-store.ts';
import { SignInPage } from './sign-in-page.tsx';
import { enterText, inEnglish, renderScreen } from '../../test/render-screen.tsx';

inEnglish();

afterEach(() => {
  tokenStore.clear();
});

describe('sign-in screen', () => {
  it('asks for the email and the password', async () => {
    const user = userEvent.setup({ delay: null });
    renderScreen(<SignInPage />);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter your email address')).toBeInTheDocument();
    expect(screen.getByText('Enter your password')).toBeInTheDocument();
  });

  it('says when the email address is not valid', async () => {
    const user = userEvent.setup({ delay: null });
    renderScreen(<SignInPage />);
    await enterText(user, screen.getByLabelText('Email'), 'manager@');
    expect(await screen.findByText('Your email address is not valid')).toBeInTheDocument();
  });

  it("shows the server's answer for a wrong password", async () => {
    const user = userEvent.setup({ delay: null });
    stubFetch({ 'POST /accounts/login/': () => jsonResponse(400, { detail: 'Wrong password' }) });
    renderScreen(<SignInPage />);
    await enterText(user, screen.getByLabelText('Email'), 'manager@example.kg');
    await user.type(screen.getByLabelText('Password'), 'not-it');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong password');
    expect(tokenStore.isSignedIn()).toBe(false);
  });

  it('shows its errors in the language switched to after they appeared', async () => {
    const user = userEvent.setup({ delay: null });
    stubFetch({ 'POST /accounts/login/': () => jsonResponse(400, { detail: 'Wrong password' }) });
    renderScreen(<SignInPage />);
    await enterText(user, screen.getByLabelText('Email'), 'manager@');
    expect(await screen.findByText('Your email address is not valid')).toBeInTheDocument();
    await act(() => changeLanguage('ru'));
    expect(screen.getByText('Адрес электронной почты недействителен')).toBeInTheDocument();
    expect(screen.queryByText('Your email address is not valid')).not.toBeInTheDocument();

    await enterText(user, screen.getByLabelText('Электронная почта'), 'example.kg');
    await user.type(screen.getByLabelText('Пароль'), 'not-it');
    await user.click(screen.getByRole('button', { name: 'Войти' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Неверный пароль');
    await act(() => changeLanguage('ky'));
    expect(screen.getByRole('alert')).toHaveTextContent('Сырсөз туура эмес');
  });

  it('reads no English icon names to screen readers, the eye named in the current language', async () => {
    const user = userEvent.setup({ delay: null });
    stubFetch({ 'POST /accounts/login/': () => jsonResponse(400, { detail: 'Wrong password' }) });
    await act(() => changeLanguage('ky'));
    renderScreen(<SignInPage />);
    await enterText(user, screen.getByLabelText('Электрондук почта'), 'manager@example.kg');
    await user.type(screen.getByLabelText('Сырсөз'), 'not-it');
    await user.click(screen.getByRole('button', { name: 'Кирүү' }));
    await screen.findByRole('alert');
    const images = screen.queryAllByRole('img').map((image) => image.getAttribute('aria-label'));
    expect(images).toEqual(['Сырсөздү көрсөтүү']);
  });

  it('names the tab after the screen, in the current language', async () => {
    renderScreen(<SignInPage />);
    await waitFor(() => expect(document.title).toBe('Sign in · EV Charging Back Office'));
    await act(() => changeLanguage('ky'));
    expect(document.title).toBe('Кирүү · Электр кубаттоо бэк-офиси');
  });

  it('signs in with remember me and stores both tokens', async () => {
    const user = userEvent.setup({ delay: null });
    const api = stubFetch({
      'POST /accounts/login/': () => jsonResponse(200, { access: 'access-1', refresh: 'refresh-1' }),
    });
    renderScreen(<SignInPage />);
    await enterText(user, screen.getByLabelText('Email'), 'manager@example.kg');
    await enterText(user, screen.getByLabelText('Password'), 'secret-password');
    await user.click(screen.getByLabelText('Remember me'));
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(tokenStore.isSignedIn()).toBe(true));
    expect(api.calls[0]!.json()).toEqual({ email: 'manager@example.kg', password: 'secret-password', remember: true });
    expect(localStorage.getItem('access')).toBe('access-1');
    expect(localStorage.getItem('refresh')).toBe('refresh-1');
  });

  it('links to password recovery, going there without reloading the page', async () => {
    const user = userEvent.setup({ delay: null });
    window.history.pushState(null, '', '/');
    renderScreen(<SignInPage />);
    const link = screen.getByRole('link', { name: 'Forgot password?' });
    expect(link).toHaveAttribute('href', '/reset-password');
    await user.click(link);
    // jsdom follows no link itself: the address moved through the history.
    expect(window.location.pathname).toBe('/reset-password');
  });

  it('shows the messages in Russian, the default language', async () => {
    await i18n.changeLanguage('ru');
    const user = userEvent.setup({ delay: null });
    renderScreen(<SignInPage />);
    await user.click(screen.getByRole('button', { name: 'Войти' }));
    expect(await screen.findByText('Введите адрес электронной почты')).toBeInTheDocument();
  });
});
