import type { IssueLike } from './messages.ts';

/*
 * The sign-in form's two fields, their limits and their checks in plain code. The sign-in screen is
 * the first a visitor loads and has a budget of 170 KB gzip (docs/performance.md), of which zod's
 * core would take 9 KB for two checks. accounts.ts builds `loginRequest` from the same limits and
 * pattern, and sign-in-fields.test.ts holds the two to the same answers.
 */
export const PASSWORD_MAX = 128;
export const EMAIL_MAX = 254;

/**
 * The HTML5 rule for an email address, as browsers apply it (zod's `regexes.html5Email`): it
 * accepts hosts without a dot, such as the default admin@localhost.
 */
export const HTML5_EMAIL =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

export type SignInField = 'email' | 'password';

/** The first issue `loginRequest` raises on the field's value (its message key and limit), or none. */
export function signInFieldIssue(field: SignInField, value: string): IssueLike | undefined {
  if (field === 'password') {
    if (value.length < 1) return { message: 'password_required' };
    if (value.length > PASSWORD_MAX) return { message: 'max_length', maximum: PASSWORD_MAX };
    return undefined;
  }
  // As the schema reads it: trimmed, then lower-cased.
  const email = value.trim().toLowerCase();
  if (email.length < 1) return { message: 'email_required' };
  if (email.length > EMAIL_MAX) return { message: 'max_length', maximum: EMAIL_MAX };
  if (!HTML5_EMAIL.test(email)) return { message: 'email_invalid' };
  return undefined;
}
