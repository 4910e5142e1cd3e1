import type { IssueLike } from './messages.ts';

/*
 * The fields of the signed-out screens (sign-in, password recovery, new password), their limits and
 * their checks in plain code. These screens are the first a visitor loads and have a budget of
 * 170 KB gzip (docs/performance.md), of which zod's core would take 9 KB for a few checks.
 * accounts.ts builds its schemas from the same limits and pattern, and signed-out-fields.test.ts
 * holds each check to the schema's answers.
 */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const EMAIL_MAX = 254;

/**
 * The HTML5 rule for an email address, as browsers apply it (zod's `regexes.html5Email`): it
 * accepts hosts without a dot, such as the default admin@localhost.
 */
export const HTML5_EMAIL =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

/** The first issue `email` raises (sign-in, recovery): its message key and limit, or none. */
export function emailIssue(value: string): IssueLike | undefined {
  // As the schema reads it: trimmed, then lower-cased.
  const email = value.trim().toLowerCase();
  if (email.length < 1) return { message: 'email_required' };
  if (email.length > EMAIL_MAX) return { message: 'max_length', maximum: EMAIL_MAX };
  if (!HTML5_EMAIL.test(email)) return { message: 'email_invalid' };
  return undefined;
}

/** The first issue `loginRequest` raises on its password. */
export function signInPasswordIssue(value: string): IssueLike | undefined {
  if (value.length < 1) return { message: 'password_required' };
  if (value.length > PASSWORD_MAX) return { message: 'max_length', maximum: PASSWORD_MAX };
  return undefined;
}

/** The first issue `newPassword` raises. */
export function newPasswordIssue(value: string): IssueLike | undefined {
  if (value.length < 1) return { message: 'password_required' };
  if (value.length < PASSWORD_MIN) return { message: 'password_min', minimum: PASSWORD_MIN };
  if (value.length > PASSWORD_MAX) return { message: 'max_length', maximum: PASSWORD_MAX };
  return undefined;
}

/**
 * The first issue a new password's confirmation raises: required, then equal to the password (once
 * there is one: an empty password is the password field's issue alone).
 */
export function passwordConfirmIssue(password: string, confirmation: string): IssueLike | undefined {
  if (confirmation.length < 1) return { message: 'password_required' };
  if (password !== '' && confirmation !== password) return { message: 'password_mismatch' };
  return undefined;
}
