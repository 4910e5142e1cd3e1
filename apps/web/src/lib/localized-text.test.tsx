import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { inEnglish } from '../test/render-screen.tsx';
import { ApiError } from './api-error.ts';
import { i18n } from './i18n.ts';
import { errorMessage, messageOfText, serverText } from './localized-text.tsx';

inEnglish();

describe('messageOfText', () => {
  it('finds the catalogue message a server text is, with its parameters', () => {
    expect(messageOfText('Wrong password')).toEqual({ key: 'password_wrong', params: {} });
    expect(messageOfText('Too many attempts. Try again in 15 min.')).toEqual({
      key: 'too_many_attempts',
      params: { minutes: '15' },
    });
  });

  it('reads a text in a loaded language other than the current one', async () => {
    await i18n.loadLanguages('ru');
    expect(messageOfText('Неверный пароль')).toEqual({ key: 'password_wrong', params: {} });
  });

  it('knows nothing of a text outside the catalogue', () => {
    expect(messageOfText('Wrong password, and more')).toBeUndefined();
    expect(messageOfText('Something else')).toBeUndefined();
  });
});

describe('messages on screen', () => {
  it("shows a server's message in the language switched to afterwards", async () => {
    render(<p data-testid="message">{serverText('Password must be at least 8 characters')}</p>);
    expect(screen.getByTestId('message')).toHaveTextContent('Password must be at least 8 characters');
    await act(() => i18n.changeLanguage('ky'));
    expect(screen.getByTestId('message')).toHaveTextContent('Сырсөз кеминде 8 белгиден турушу керек');
  });

  it('keeps a text outside the catalogue as it came', async () => {
    render(<p data-testid="message">{serverText('Upstream said no')}</p>);
    await act(() => i18n.changeLanguage('ru'));
    expect(screen.getByTestId('message')).toHaveTextContent('Upstream said no');
  });

  it('says "no connection" in the current language when the server was not reached', async () => {
    render(<p data-testid="message">{errorMessage(new ApiError(0, { detail: 'No connection to the server.' }))}</p>);
    await act(() => i18n.changeLanguage('ru'));
    expect(screen.getByTestId('message')).toHaveTextContent('Нет связи с сервером');
  });
});
