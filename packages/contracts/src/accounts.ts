import { LANGUAGES } from './i18n.ts';
import { requiredText, z } from './schema.ts';
import { EMAIL_MAX, HTML5_EMAIL, PASSWORD_MAX, PASSWORD_MIN } from './signed-out-fields.ts';

export { EMAIL_MAX, PASSWORD_MAX, PASSWORD_MIN } from './signed-out-fields.ts';
export const MANAGER_NAME_MAX = 100;

/*
 * The signed-out screens check `email`, `loginRequest`'s password, `newPassword` and the
 * confirmation without zod, as written again in signed-out-fields.ts (held to these by its test).
 */
export const email = z
  .string({ error: 'email_required' })
  .check(
    z.trim(),
    z.toLowerCase(),
    z.minLength(1, { error: 'email_required', abort: true }),
    z.maxLength(EMAIL_MAX, { error: 'max_length', abort: true }),
    z.regex(HTML5_EMAIL, { error: 'email_invalid' }),
  );

/** A new password: at least 8 characters. */
export const newPassword = z
  .string({ error: 'password_required' })
  .check(
    z.minLength(1, { error: 'password_required', abort: true }),
    z.minLength(PASSWORD_MIN, { error: 'password_min' }),
    z.maxLength(PASSWORD_MAX, { error: 'max_length' }),
  );

const passwordPair = {
  password: newPassword,
  password_confirm: z.string({ error: 'password_required' }).check(z.minLength(1, { error: 'password_required' })),
};

type PasswordPair = { password: string; password_confirm: string };

// Runs even when another field already failed, so the form shows 'Password mismatch' at once.
function confirmMatches<T extends z.ZodMiniType<PasswordPair>>(schema: T): T {
  return schema.check(
    z.refine<PasswordPair>((value) => value.password === value.password_confirm, {
      error: 'password_mismatch',
      path: ['password_confirm'],
      when: (payload) => {
        const value = payload.value as Partial<PasswordPair> | undefined;
        return (
          typeof value?.password === 'string' &&
          typeof value.password_confirm === 'string' &&
          value.password_confirm !== ''
        );
      },
    }),
  );
}

export const loginRequest = z.object({
  email,
  password: z
    .string({ error: 'password_required' })
    .check(z.minLength(1, { error: 'password_required' }), z.maxLength(PASSWORD_MAX, { error: 'max_length' })),
  remember: z._default(z.boolean(), false),
});
export type LoginRequest = z.input<typeof loginRequest>;

export const tokenPair = z.object({ access: z.string(), refresh: z.string() });
export type TokenPair = z.infer<typeof tokenPair>;

export const refreshRequest = z.object({ refresh: z.string({ error: 'field_blank' }).check(z.minLength(1)) });
export const refreshResponse = tokenPair;
export type RefreshResponse = z.infer<typeof refreshResponse>;

export const logoutRequest = refreshRequest;

export const passwordResetRequest = z.object({ email });

export const passwordResetConfirm = confirmMatches(
  z.object({
    token: z.string({ error: 'reset_link_invalid' }).check(z.minLength(1, { error: 'reset_link_invalid' })),
    ...passwordPair,
  }),
);
export type PasswordResetConfirm = z.input<typeof passwordResetConfirm>;

export const changePasswordRequest = confirmMatches(
  z.object({
    current_password: z.string({ error: 'password_required' }).check(z.minLength(1, { error: 'password_required' })),
    ...passwordPair,
  }),
);
export type ChangePasswordRequest = z.input<typeof changePasswordRequest>;

export const manager = z.object({
  id: z.number().check(z.int()),
  email: z.string(),
  name: z.string(),
  language: z.enum(LANGUAGES),
});
export type Manager = z.infer<typeof manager>;

/** The manager's display name, as the profile form checks it. */
export const managerName = requiredText(MANAGER_NAME_MAX);

export const updateMeRequest = z.object({
  name: z.optional(managerName),
  language: z.optional(z.enum(LANGUAGES)),
});
export type UpdateMeRequest = z.input<typeof updateMeRequest>;
