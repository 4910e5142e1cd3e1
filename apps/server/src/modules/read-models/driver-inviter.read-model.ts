import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { drivers } from '../../db/schema/drivers.ts';
import { referrals } from '../../db/schema/referrals.ts';

/*
 * The inviter a driver's card shows (modules/referrals links them): the referrals' row joined to
 * the inviter's name, one query. The drivers module asks it, as it may not read `referrals`.
 */

export interface DriverInviter {
  id: number;
  surname: string;
  firstName: string;
}

/** Who invited the driver `invitedId`, if anybody did. */
export async function driverInviter(db: Db, invitedId: number): Promise<DriverInviter | null> {
  const [row] = await db
    .select({ id: drivers.id, surname: drivers.surname, firstName: drivers.firstName })
    .from(referrals)
    .innerJoin(drivers, eq(drivers.id, referrals.inviterDriverId))
    .where(eq(referrals.invitedDriverId, invitedId));
  return row ?? null;
}
