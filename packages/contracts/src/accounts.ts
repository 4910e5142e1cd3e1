import { LANGUAGES } from './i18n.ts';
import { requiredText, z } from './schema.ts';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const EMAIL_MAX = 254;
export const MANAGER_NAME_MAX = 100;

export const email = z
  .string({ error: 'email_required' })
  .trim()
  .toLowerCase()
  .min(1, { error: 'email_required', abort: true })
  .max(EMAIL_MAX, { error: 'max_length', abort: true })
  // The HTML5 rule, as browsers apply it: it accepts hosts without a dot, such as the default admin@localhost.
  .regex(z.regexes.html5Email, { error: 'email_invalid' });

/** A new password: at least 8 characters. */
export const newPassword = z
  .string({ error: 'password_required' })
  .min(1, { error: 'password_required', abort: true })
  .min(PASSWORD_MIN, { error: 'password_min' })
  .max(PASSWORD_MAX, { error: 'max_length' });

const passwordPair = {
  password: newPassword,
  password_confirm: z.string({ error: 'password_required' }).min(1, { error: 'password_required' }),
};

type PasswordPair = { password: string; password_confirm: string };

// Runs even when another field already failed, so the form shows 'Password mismatch' at once.
function confirmMatches<T extends z.ZodType<PasswordPair>>(schema: T) {
  return schema.refine((value) => value.password === value.password_confirm, {
    error: 'password_mismatch',
    path: ['password_confirm'],
    when: (payload) => {
      const value = payload.value as Partial<PasswordPair> | undefined;
      return typeof value?.password === 'string' && typeof value.password_confirm === 'string' && value.password_confirm !== '';
    },
  });
}

export const loginRequest = z.object({
  email,
  password: z.string({ error: 'password_required' }).min(1, { error: 'password_required' }).max(PASSWORD_MAX),
  remember: z.boolean().default(false),
});
export type LoginRequest = z.input<typeof loginRequest>;

export const tokenPair = z.object({ access: z.string(), refresh: z.string() });
export type TokenPair = z.infer<typeof tokenPair>;

export const refreshRequest = z.object({ refresh: z.string({ error: 'field_blank' }).min(1) });
export const refreshResponse = z.object({ access: z.string(), refresh: z.string().optional() });
export type RefreshResponse = z.infer<typeof refreshResponse>;

export const logoutRequest = refreshRequest;

export const passwordResetRequest = z.object({ email });

export const passwordResetConfirm = confirmMatches(
  z.object({ token: z.string({ error: 'reset_link_invalid' }).min(1, { error: 'reset_link_invalid' }), ...passwordPair }),
);
export type PasswordResetConfirm = z.input<typeof passwordResetConfirm>;

export const changePasswordRequest = confirmMatches(
  z.object({
    current_password: z.string({ error: 'password_required' }).min(1, { error: 'password_required' }),
    ...passwordPair,
  }),
);
export type ChangePasswordRequest = z.input<typeof changePasswordRequest>;

export const manager = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  language: z.enum(LANGUAGES),
});
export type Manager = z.infer<typeof manager>;

export const updateMeRequest = z.object({
  name: requiredText(MANAGER_NAME_MAX).optional(),
  language: z.enum(LANGUAGES).optional(),
});
export type UpdateMeRequest = z.input<typeof updateMeRequest>;
