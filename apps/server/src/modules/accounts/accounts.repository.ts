import { and, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { managers, passwordResets, refreshTokens } from '../../db/schema/managers.ts';
import { perDatabase } from '../../lib/prepared.ts';

export type ManagerRow = typeof managers.$inferSelect;

export async function findManagerByEmail(db: Db, email: string): Promise<ManagerRow | undefined> {
  const [row] = await db.select().from(managers).where(eq(managers.email, email)).limit(1);
  return row;
}

export async function findManagerById(db: Db, id: number): Promise<ManagerRow | undefined> {
  const [row] = await db.select().from(managers).where(eq(managers.id, id)).limit(1);
  return row;
}

export async function findManagerNames(db: Db, ids: readonly number[]): Promise<{ id: number; name: string }[]> {
  if (!ids.length) return [];
  return db
    .select({ id: managers.id, name: managers.name })
    .from(managers)
    .where(inArray(managers.id, [...ids]));
}

export async function countManagers(db: Db): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(managers);
  return row?.count ?? 0;
}

export async function insertManager(
  db: Db,
  values: { email: string; name: string; passwordHash: string },
): Promise<ManagerRow> {
  const [row] = await db.insert(managers).values(values).returning();
  return row!;
}

/** Inserts unless the email exists (several processes may start on one database at once). */
export async function insertManagerIfAbsent(
  db: Db,
  values: { email: string; name: string; passwordHash: string },
): Promise<ManagerRow | undefined> {
  const [row] = await db.insert(managers).values(values).onConflictDoNothing({ target: managers.email }).returning();
  return row;
}

export async function updateManager(
  db: Db,
  id: number,
  values: Partial<Pick<ManagerRow, 'name' | 'language' | 'passwordHash'>>,
): Promise<ManagerRow | undefined> {
  const [row] = await db
    .update(managers)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(managers.id, id))
    .returning();
  return row;
}

/** Stores a new session's first refresh token; answers the session's id. */
export async function insertRefreshToken(
  db: Db,
  values: { managerId: number; tokenHash: string; expiresAt: Date },
): Promise<number> {
  const [row] = await db.insert(refreshTokens).values(values).returning({ id: refreshTokens.id });
  return row!.id;
}

/** The session a token belongs to: its own id for the first token, `session_id` for the later ones. */
const sessionOf = sql<number>`coalesce(${refreshTokens.sessionId}, ${refreshTokens.id})`;
const inSession = (sessionId: number) => sql`${sessionOf} = ${sessionId}`;

export interface RefreshTokenRow {
  managerId: number;
  sessionId: number;
  expiresAt: Date;
  rotatedAt: Date | null;
}

const tokenColumns = {
  managerId: refreshTokens.managerId,
  sessionId: sessionOf.mapWith(Number),
  expiresAt: refreshTokens.expiresAt,
  rotatedAt: refreshTokens.rotatedAt,
};

/**
 * Marks a live token as exchanged, atomically: of two requests presenting it at once, only one gets
 * the row back (the other then finds it rotated).
 */
export async function markRotated(db: Db, tokenHash: string, now: Date): Promise<RefreshTokenRow | undefined> {
  const [row] = await db
    .update(refreshTokens)
    .set({ rotatedAt: now })
    .where(
      and(
        eq(refreshTokens.tokenHash, tokenHash),
        isNull(refreshTokens.rotatedAt),
        isNull(refreshTokens.revokedAt),
        gt(refreshTokens.expiresAt, now),
      ),
    )
    .returning(tokenColumns);
  return row;
}

/** A token that is neither revoked nor expired, rotated or not. */
export async function findLiveRefreshToken(db: Db, tokenHash: string, now: Date): Promise<RefreshTokenRow | undefined> {
  const [row] = await db
    .select(tokenColumns)
    .from(refreshTokens)
    .where(
      and(eq(refreshTokens.tokenHash, tokenHash), isNull(refreshTokens.revokedAt), gt(refreshTokens.expiresAt, now)),
    )
    .limit(1);
  return row;
}

/**
 * Whether the session `sessionId` of the manager lives: its first token's row, by key, is neither
 * revoked nor expired (ending a session marks every row of it). The row's key to its manager
 * cascades, so a manager removed has no session left. Prepared: every API request asks it.
 */
const liveSession = perDatabase((db) =>
  db
    .select({ id: refreshTokens.id })
    .from(refreshTokens)
    .where(
      and(
        eq(refreshTokens.id, sql.placeholder('sessionId')),
        isNull(refreshTokens.sessionId),
        eq(refreshTokens.managerId, sql.placeholder('managerId')),
        isNull(refreshTokens.revokedAt),
        gt(refreshTokens.expiresAt, sql.placeholder('now')),
      ),
    )
    .prepare('access_session_live'),
);

export async function sessionLives(db: Db, managerId: number, sessionId: number, now: Date): Promise<boolean> {
  const rows = await liveSession(db).execute({ sessionId, managerId, now });
  return rows.length > 0;
}

/** A later token of a session; it ends when the session does (no sliding lifetime). */
export async function insertNextRefreshToken(
  db: Db,
  values: { managerId: number; sessionId: number; tokenHash: string; expiresAt: Date },
) {
  await db.insert(refreshTokens).values(values);
}

/** Ends the session `tokenHash` belongs to (every token of it). */
export async function revokeSessionOf(db: Db, tokenHash: string) {
  const [row] = await db
    .select({ sessionId: sessionOf.mapWith(Number) })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .limit(1);
  if (row) await revokeSession(db, row.sessionId);
}

export async function revokeSession(db: Db, sessionId: number) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(inSession(sessionId), isNull(refreshTokens.revokedAt)));
}

/** Ends every session of the manager, but `keep` (the one asking) when given. */
export async function revokeAllRefreshTokens(db: Db, managerId: number, keep: number | null = null) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(refreshTokens.managerId, managerId),
        isNull(refreshTokens.revokedAt),
        keep === null ? undefined : sql`not ${inSession(keep)}`,
      ),
    );
}

/** Rows of sessions that ended long ago are only history; a sign-in sweeps the manager's. */
export async function deleteExpiredRefreshTokens(db: Db, managerId: number, before: Date) {
  await db
    .delete(refreshTokens)
    .where(and(eq(refreshTokens.managerId, managerId), lt(refreshTokens.expiresAt, before)));
}

/** Every recovery link of the manager still unused stops working (the password they were for has changed). */
export async function voidPasswordResets(db: Db, managerId: number) {
  await db
    .update(passwordResets)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordResets.managerId, managerId), isNull(passwordResets.usedAt)));
}

export async function insertPasswordReset(db: Db, values: { managerId: number; tokenHash: string; expiresAt: Date }) {
  await db.insert(passwordResets).values(values);
}

/** Marks a live reset token used and returns its manager; a used or expired token returns nothing. */
export async function consumePasswordReset(db: Db, tokenHash: string): Promise<number | undefined> {
  const [row] = await db
    .update(passwordResets)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(passwordResets.tokenHash, tokenHash),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, new Date()),
      ),
    )
    .returning({ managerId: passwordResets.managerId });
  return row?.managerId;
}
