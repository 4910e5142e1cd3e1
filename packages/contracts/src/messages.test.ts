import { describe, expect, it } from 'vitest';
import { formatMessage } from './messages.ts';
import { messages } from './messages-all.ts';
import { pickLang } from './i18n.ts';
import { loginRequest, changePasswordRequest } from './accounts.ts';
import { issueMessage } from './schema.ts';

describe('messages', () => {
  it('has the same keys in every language', () => {
    const keys = Object.keys(messages.ru).sort();
    expect(Object.keys(messages.en).sort()).toEqual(keys);
    expect(Object.keys(messages.ky).sort()).toEqual(keys);
  });

  it('fills parameters', () => {
    expect(formatMessage('en', 'password_min', { min: 8 })).toBe('Password must be at least 8 characters');
  });

  it('fills a parameter given in every language with the text in the message language', () => {
    const merchant = { ru: 'Горная Энергия', en: 'Mountain Energy', ky: 'Тоо Энержи' };
    expect(formatMessage('ky', 'rate_personal_active_exists', { merchant, name: 'T2' })).toContain(
      '«Тоо Энержи» мерчантында',
    );
    expect(formatMessage('en', 'rate_personal_active_exists', { merchant, name: 'T2' })).toContain('"Mountain Energy"');
  });
});

describe('pickLang', () => {
  it.each([
    [undefined, 'ru'],
    ['', 'ru'],
    ['en-US,en;q=0.9', 'en'],
    ['de, ky;q=0.5', 'ky'],
    ['kg', 'ky'],
    ['fr;q=1, en;q=0', 'ru'],
    ['en;q=0.2, ky;q=0.8', 'ky'],
  ])('%s -> %s', (header, lang) => {
    expect(pickLang(header)).toBe(lang);
  });
});

describe('schemas carry message keys', () => {
  it('names the email rules of the spec', () => {
    const empty = loginRequest.safeParse({ email: '', password: 'x' });
    expect(empty.error?.issues.map((i) => issueMessage(i, 'en'))).toEqual(['Enter your email address']);
    expect(loginRequest.safeParse({ email: ' Admin@Localhost ', password: 'x' }).data?.email).toBe('admin@localhost');
    const bad = loginRequest.safeParse({ email: 'nope', password: 'x' });
    expect(bad.error?.issues.map((i) => issueMessage(i, 'ru'))).toEqual(['Адрес электронной почты недействителен']);
  });

  it('says the limit of an overlong password, not that it is missing', () => {
    const result = loginRequest.safeParse({ email: 'manager@example.kg', password: 'x'.repeat(129) });
    expect(result.error?.issues.map((i) => issueMessage(i, 'en'))).toEqual([
      'Ensure this field has no more than 128 characters',
    ]);
  });

  it('checks the confirmation on its own field', () => {
    const result = changePasswordRequest.safeParse({
      current_password: 'a',
      password: '12345678',
      password_confirm: '1234567',
    });
    expect(result.error?.issues[0]?.path).toEqual(['password_confirm']);
    expect(issueMessage(result.error!.issues[0]!, 'en')).toBe('Password mismatch');
  });

  it('localises limits without explicit messages', () => {
    const result = changePasswordRequest.safeParse({
      current_password: 'a',
      password: 'short',
      password_confirm: 'short',
    });
    expect(issueMessage(result.error!.issues[0]!, 'en')).toBe('Password must be at least 8 characters');
  });
});
