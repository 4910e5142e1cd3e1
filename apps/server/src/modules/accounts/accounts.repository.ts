import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { managers, passwordResets, refreshTokens } from '../../db/schema/managers.ts';

export type ManagerRow = typeof managers.$inferSelect;

export async function findManagerByEmail(db: Db, email: string): Promise<ManagerRow | undefined> {
  const [row] = await db.select().from(managers).where(eq(managers.email, email)).limit(1);
  return row;
}

export async function findManagerById(db: Db, id: number): Promise<ManagerRow | undefined> {
  const [row] = await db.select().from(managers).where(eq(managers.id, id)).limit(1);
  return row;
}

export async function countManagers(db: Db): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(managers);
  return row?.count ?? 0;
}

export async function insertManager(db: Db, values: { email: string; name: string; passwordHash: string }): Promise<ManagerRow> {
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

/** Stores a new session's refresh token; answers the session's id. */
export async function insertRefreshToken(db: Db, values: { managerId: number; tokenHash: string; expiresAt: Date }): Promise<number> {
  const [row] = await db.insert(refreshTokens).values(values).returning({ id: refreshTokens.id });
  return row!.id;
}

/** The manager of a refresh token that is neither revoked nor expired. */
export async function findLiveRefreshToken(db: Db, tokenHash: string): Promise<{ id: number; managerId: number } | undefined> {
  const [row] = await db
    .select({ id: refreshTokens.id, managerId: refreshTokens.managerId })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.tokenHash, tokenHash), isNull(refreshTokens.revokedAt), gt(refreshTokens.expiresAt, new Date())))
    .limit(1);
  return row;
}

export async function revokeRefreshToken(db: Db, tokenHash: string) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.tokenHash, tokenHash), isNull(refreshTokens.revokedAt)));
}

/** Ends every session of the manager, but `keep` (the one asking) when given. */
export async function revokeAllRefreshTokens(db: Db, managerId: number, keep: number | null = null) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.managerId, managerId), isNull(refreshTokens.revokedAt), keep === null ? undefined : ne(refreshTokens.id, keep)));
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
    .where(and(eq(passwordResets.tokenHash, tokenHash), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, new Date())))
    .returning({ managerId: passwordResets.managerId });
  return row?.managerId;
}
