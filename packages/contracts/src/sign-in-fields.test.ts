import { describe, expect, it } from 'vitest';
import { LANGUAGES } from './i18n.ts';
import { loginRequest } from './accounts.ts';
import { issueMessage } from './messages.ts';
import { EMAIL_MAX, PASSWORD_MAX, signInFieldIssue, type SignInField } from './sign-in-fields.ts';

/** What each way of checking says of a value, in every language: the first message, or none. */
function answers(field: SignInField, value: string) {
  const result = loginRequest.shape[field].safeParse(value);
  const zodIssue = result.success ? undefined : result.error.issues[0];
  const plainIssue = signInFieldIssue(field, value);
  return {
    zod: LANGUAGES.map((lang) => zodIssue && issueMessage(zodIssue, lang)),
    plain: LANGUAGES.map((lang) => plainIssue && issueMessage(plainIssue, lang)),
  };
}

/** A fixed sequence of strings over characters that matter to the rules (a seeded generator). */
function* randomValues(count: number): Generator<string> {
  const characters = ['a', 'Z', '0', '.', '-', '_', '@', ' ', '\t', 'ж', '+', '!', '"', '(', 'é', '\u00a0'];
  let seed = 29;
  const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31);
  const part = () => Array.from({ length: next() % 12 }, () => characters[next() % characters.length]).join('');
  // Half of them shaped as an address, so that valid ones come up too.
  for (let i = 0; i < count; i++) yield i % 2 ? `${part()}@${part()}.kg` : part();
}

const EMAILS = [
  '',
  '   ',
  'manager',
  'manager@',
  '@example.kg',
  'manager@example.kg',
  ' Admin@Localhost ',
  'a@b',
  'a b@example.kg',
  'manager@-example.kg',
  'manager@example-.kg',
  'manager@example..kg',
  'менеджер@example.kg',
  'manager@пример.кг',
  `${'m'.repeat(EMAIL_MAX - 11)}@example.kg`,
  `${'m'.repeat(EMAIL_MAX - 10)}@example.kg`,
  `  ${'m'.repeat(EMAIL_MAX - 11)}@example.kg  `,
  `${'m'.repeat(300)}@`,
];
const PASSWORDS = ['', ' ', 'x', 'not-it', 'x'.repeat(PASSWORD_MAX), 'x'.repeat(PASSWORD_MAX + 1)];

describe("the sign-in screen's checks without zod", () => {
  it.each(EMAILS)('say what loginRequest says of the email %j', (value) => {
    const { zod, plain } = answers('email', value);
    expect(plain).toEqual(zod);
  });

  it.each(PASSWORDS)('say what loginRequest says of the password %j', (value) => {
    const { zod, plain } = answers('password', value);
    expect(plain).toEqual(zod);
  });

  it('agree with loginRequest on 2,000 generated values of each field', () => {
    for (const value of randomValues(2000)) {
      for (const field of ['email', 'password'] as const) {
        const { zod, plain } = answers(field, value);
        expect(plain, `${field} ${JSON.stringify(value)}`).toEqual(zod);
      }
    }
  });

  it('let a good pair through, as the schema does', () => {
    expect(loginRequest.safeParse({ email: 'manager@example.kg', password: 'x' }).success).toBe(true);
    expect(signInFieldIssue('email', 'manager@example.kg')).toBeUndefined();
    expect(signInFieldIssue('password', 'x')).toBeUndefined();
  });
});
