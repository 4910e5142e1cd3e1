import { describe, expect, it } from 'vitest';
import { LANGUAGES } from './i18n.ts';
import { email, loginRequest, newPassword, passwordResetConfirm } from './accounts.ts';
import { issueMessage, type IssueLike } from './messages.ts';
import type { z } from './schema.ts';
import {
  EMAIL_MAX,
  emailIssue,
  newPasswordIssue,
  PASSWORD_MAX,
  passwordConfirmIssue,
  signInPasswordIssue,
} from './signed-out-fields.ts';

/** An issue as the screens show it: its message in every language, or none. */
const shown = (issue: IssueLike | undefined) => LANGUAGES.map((lang) => issue && issueMessage(issue, lang));

/** What a schema says first of a value, as shown. */
function schemaSays(schema: z.ZodMiniType, value: unknown) {
  const result = schema.safeParse(value);
  return shown(result.success ? undefined : result.error.issues[0]);
}

/** What the reset form's schema says first of the confirmation, as shown. */
function confirmationSays(password: string, confirmation: string) {
  const result = passwordResetConfirm.safeParse({ token: 't', password, password_confirm: confirmation });
  return shown(
    result.success ? undefined : result.error.issues.find((issue) => issue.path.join('.') === 'password_confirm'),
  );
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
const PASSWORDS = [
  '',
  ' ',
  'x',
  'not-it',
  'seven-7',
  'eight-88',
  'x'.repeat(PASSWORD_MAX),
  'x'.repeat(PASSWORD_MAX + 1),
];

describe("the signed-out screens' checks without zod", () => {
  it.each(EMAILS)('say what the schema says of the email %j', (value) => {
    expect(shown(emailIssue(value))).toEqual(schemaSays(email, value));
  });

  it.each(PASSWORDS)('say what the schemas say of the password %j, at sign-in and as a new one', (value) => {
    expect(shown(signInPasswordIssue(value))).toEqual(schemaSays(loginRequest.shape.password, value));
    expect(shown(newPasswordIssue(value))).toEqual(schemaSays(newPassword, value));
  });

  it.each([
    ['new-password-1', ''],
    ['new-password-1', 'new-password-1'],
    ['new-password-1', 'new-password-2'],
    ['', 'x'],
    ['short', 'short'],
  ])('say what the reset schema says of the confirmation of %j by %j', (password, confirmation) => {
    expect(shown(passwordConfirmIssue(password, confirmation))).toEqual(confirmationSays(password, confirmation));
  });

  it('agree with the schemas on 2,000 generated values', () => {
    let previous = '';
    for (const value of randomValues(2000)) {
      expect(shown(emailIssue(value)), `email ${JSON.stringify(value)}`).toEqual(schemaSays(email, value));
      expect(shown(signInPasswordIssue(value)), `password ${JSON.stringify(value)}`).toEqual(
        schemaSays(loginRequest.shape.password, value),
      );
      expect(shown(newPasswordIssue(value)), `new password ${JSON.stringify(value)}`).toEqual(
        schemaSays(newPassword, value),
      );
      const confirmation = value.length % 3 ? previous : value;
      expect(
        shown(passwordConfirmIssue(value, confirmation)),
        `confirmation ${JSON.stringify([value, confirmation])}`,
      ).toEqual(confirmationSays(value, confirmation));
      previous = value;
    }
  });
});
