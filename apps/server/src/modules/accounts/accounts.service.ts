import type { Lang } from '@evcms/contracts/i18n';
import type { Db } from '../../db/client.ts';
import type { AccessTokens } from '../../lib/access-tokens.ts';
import { AppError, badRequest, fieldError, notFound, unauthorized } from '../../lib/errors.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { DUMMY_HASH, hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { randomToken, sha256 } from '../../lib/secrets.ts';
import * as repo from './accounts.repository.ts';
import { passwordResetMail } from './password-reset-mail.ts';

export interface AccountsDeps {
  db: Db;
  tokens: AccessTokens;
  mailer: Mailer;
  publicUrl: string;
  refreshTtlSeconds: number;
  rememberRefreshTtlSeconds: number;
}

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

/** A manager as the screens see it (never the password's hash). */
export type ManagerRecord = Pick<repo.ManagerRow, 'id' | 'email' | 'name' | 'language'>;

/** A session's short-lived access token and the refresh token that renews it. */
export interface SessionTokens {
  accessToken: string;
  refreshToken: string;
}

export async function login(
  deps: AccountsDeps,
  input: { email: string; password: string; remember: boolean },
): Promise<SessionTokens> {
  const manager = await repo.findManagerByEmail(deps.db, input.email);
  // Same work and same answer for an unknown email, so the form does not reveal who has an account.
  const ok = await verifyPassword(input.password, manager?.passwordHash ?? DUMMY_HASH);
  if (!manager || !ok) throw badRequest('password_wrong');
  await repo.deleteExpiredRefreshTokens(deps.db, manager.id, new Date(Date.now() - 24 * 60 * 60 * 1000));
  const refresh = randomToken();
  const ttl = input.remember ? deps.rememberRefreshTtlSeconds : deps.refreshTtlSeconds;
  const sessionId = await repo.insertRefreshToken(deps.db, {
    managerId: manager.id,
    tokenHash: sha256(refresh),
    expiresAt: new Date(Date.now() + ttl * 1000),
  });
  return { accessToken: await deps.tokens.sign(manager.id, sessionId), refreshToken: refresh };
}

/**
 * How long a refresh token already exchanged may be presented again and still get a new one. Tabs
 * share one session through local storage; two of them can refresh with the same token before the
 * first one's new token reaches the other. Later than this, it is a stolen copy being replayed.
 */
export const REFRESH_REUSE_GRACE_MS = 60 * 1000;

/**
 * Exchanges a refresh token for a new access token and a new refresh token (rotation). A token
 * presented after it was exchanged, past the grace period, ends its whole session: either the
 * manager or a thief holds a newer one, and there is no telling which.
 */
export async function refreshAccess(deps: AccountsDeps, refresh: string): Promise<SessionTokens> {
  const now = new Date();
  const tokenHash = sha256(refresh);
  const next = randomToken();
  const outcome = await deps.db.transaction(async (tx) => {
    const rotated = await repo.markRotated(tx, tokenHash, now);
    const token = rotated ?? (await repo.findLiveRefreshToken(tx, tokenHash, now));
    if (!token) return 'invalid';
    if (!rotated && token.rotatedAt && now.getTime() - token.rotatedAt.getTime() > REFRESH_REUSE_GRACE_MS) {
      await repo.revokeSession(tx, token.sessionId);
      return 'reused';
    }
    const { managerId, sessionId, expiresAt } = token;
    await repo.insertNextRefreshToken(tx, { managerId, sessionId, expiresAt, tokenHash: sha256(next) });
    return token;
  });
  if (typeof outcome === 'string') throw unauthorized('refresh_invalid');
  return { accessToken: await deps.tokens.sign(outcome.managerId, outcome.sessionId), refreshToken: next };
}

/** Whether an access token's session still counts (lib/auth.ts asks on every request). */
export function sessionLives(deps: Pick<AccountsDeps, 'db'>, managerId: number, sessionId: number): Promise<boolean> {
  // Past the 32-bit keys no row is: refused before PostgreSQL would refuse the parameter.
  if (
    !Number.isSafeInteger(sessionId) ||
    sessionId < 1 ||
    !Number.isSafeInteger(managerId) ||
    managerId < 1 ||
    managerId > 2_147_483_647
  ) {
    return Promise.resolve(false);
  }
  return repo.sessionLives(deps.db, managerId, sessionId, new Date());
}

export async function logout(deps: AccountsDeps, refresh: string): Promise<void> {
  await repo.revokeSessionOf(deps.db, sha256(refresh));
}

/**
 * Mails a recovery link to the manager with `email`, if there is one. The mail is written in
 * `lang`, the language of the screen it was asked from: the one the person reads right now, which
 * the language saved in the profile may not be.
 */
export async function requestPasswordReset(deps: AccountsDeps, email: string, lang: Lang): Promise<void> {
  const manager = await repo.findManagerByEmail(deps.db, email);
  if (!manager) return;
  const token = randomToken();
  await repo.insertPasswordReset(deps.db, {
    managerId: manager.id,
    tokenHash: sha256(token),
    expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS),
  });
  const link = `${deps.publicUrl}/change-password?token=${encodeURIComponent(token)}`;
  await deps.mailer.send({ to: manager.email, ...passwordResetMail(lang, link) });
}

export async function confirmPasswordReset(
  deps: AccountsDeps,
  input: { token: string; password: string },
): Promise<void> {
  const passwordHash = await hashPassword(input.password);
  await deps.db.transaction(async (tx) => {
    const managerId = await repo.consumePasswordReset(tx, sha256(input.token));
    if (managerId === undefined) throw fieldError('token', 'reset_link_invalid');
    await repo.updateManager(tx, managerId, { passwordHash });
    // Whoever knew the old password is signed out everywhere, and older links stop working.
    await repo.revokeAllRefreshTokens(tx, managerId);
    await repo.voidPasswordResets(tx, managerId);
  });
}

export async function getMe(deps: Pick<AccountsDeps, 'db'>, managerId: number): Promise<ManagerRecord> {
  const row = await repo.findManagerById(deps.db, managerId);
  if (!row) throw unauthorized();
  return row;
}

export async function updateMe(
  deps: Pick<AccountsDeps, 'db'>,
  managerId: number,
  input: { name?: string | undefined; language?: Lang | undefined },
): Promise<ManagerRecord> {
  const values = {
    ...(input.name !== undefined && { name: input.name }),
    ...(input.language !== undefined && { language: input.language }),
  };
  const row = Object.keys(values).length
    ? await repo.updateManager(deps.db, managerId, values)
    : await repo.findManagerById(deps.db, managerId);
  if (!row) throw notFound();
  return row;
}

/**
 * A password changed in the settings ends the manager's other sessions (this one, `sessionId`,
 * stays signed in) and every recovery link still unused.
 */
export async function changePassword(
  deps: Pick<AccountsDeps, 'db'>,
  session: { managerId: number; sessionId: number },
  input: { current_password: string; password: string },
): Promise<void> {
  const { managerId, sessionId } = session;
  const row = await repo.findManagerById(deps.db, managerId);
  if (!row) throw unauthorized();
  if (!(await verifyPassword(input.current_password, row.passwordHash))) {
    throw fieldError('current_password', 'current_password_wrong');
  }
  const passwordHash = await hashPassword(input.password);
  await deps.db.transaction(async (tx) => {
    await repo.updateManager(tx, managerId, { passwordHash });
    await repo.revokeAllRefreshTokens(tx, managerId, sessionId);
    await repo.voidPasswordResets(tx, managerId);
  });
}

/** The first manager, created on a start that finds none. Returns the generated password if one was made. */
export async function ensureFirstManager(
  db: Db,
  options: { email: string | undefined; password: string | undefined },
): Promise<{ email: string; password: string; generated: boolean } | null> {
  if ((await repo.countManagers(db)) > 0) return null;
  const email = (options.email ?? 'admin@localhost').toLowerCase();
  const generated = !options.password;
  const password = options.password ?? randomToken(12);
  if (password.length < 8) throw new AppError(500, 'password_min', { params: { min: 8 } });
  const created = await repo.insertManagerIfAbsent(db, {
    email,
    name: 'Administrator',
    passwordHash: await hashPassword(password),
  });
  return created ? { email, password, generated } : null;
}

// ---- For other modules

/** The names of the managers `ids` (who sent a command, say), by id; one gone is left out. */
export async function managerNames(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  const rows = await repo.findManagerNames(db, [...new Set(ids)]);
  return new Map(rows.map((row) => [row.id, row.name]));
}

// ---- For tests (src/test/builders): managers have no sign-up yet; the first one is made by ensureFirstManager

/** A manager with this password; the row as stored. */
export async function addManager(
  db: Db,
  input: { email: string; name: string; password: string },
): Promise<repo.ManagerRow> {
  return repo.insertManager(db, {
    email: input.email,
    name: input.name,
    passwordHash: await hashPassword(input.password),
  });
}
