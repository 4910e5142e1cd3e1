import type { Db } from '../db/client.ts';
import { getDriver } from '../modules/drivers/drivers.service.ts';
import { backdateLinksForDemo, setInviter, updateReferralSettings } from '../modules/referrals/referrals.service.ts';
import type { DemoDriver } from './demo-drivers.ts';
import type { Random } from './demo-random.ts';

/** Of the drivers registered after the first few, about this share was invited by one registered before. */
const INVITED_SHARE = 0.2;

/**
 * The demo's invitations (issue 32), made before the history plays so its charges reward them as
 * the app does: bonuses of 50 and 30 som, and a fifth of the drivers linked to an earlier one,
 * linked when they registered. Answers how many were linked.
 */
export async function createReferrals(input: {
  db: Db;
  random: Random;
  managerId: number;
  drivers: readonly DemoDriver[];
}): Promise<number> {
  const { db, random, managerId } = input;
  await updateReferralSettings({ db }, { inviter_bonus: 5_000, invited_bonus: 3_000 }, managerId);
  const drivers = [...input.drivers].sort((a, b) => a.registeredAt - b.registeredAt || a.id - b.id);
  const linked: [number, Date][] = [];
  for (const [i, driver] of drivers.entries()) {
    if (i < 3 || !random.chance(INVITED_SHARE)) continue;
    const inviter = drivers[random.int(0, i - 1)]!;
    const { referralCode } = await getDriver({ db }, inviter.id);
    await setInviter({ db }, driver.id, referralCode, managerId);
    linked.push([driver.id, new Date(driver.registeredAt)]);
  }
  await backdateLinksForDemo(db, linked);
  return linked.length;
}
