import type { DriverCreate, DriverCreateRequest, Platform } from '@evcms/contracts/drivers';
import type { Database } from '../../db/client.ts';
import {
  createDriver,
  getDriver,
  setAppSignUpForTests,
  type DriverRecord,
} from '../../modules/drivers/drivers.service.ts';
import { addIdTag } from '../../modules/drivers/id-tags.service.ts';
import { postBalanceEntry } from '../../modules/drivers/ledger.service.ts';
import { theBuildersManager } from './accounts.ts';
import { next } from './sequence.ts';

/** A valid driver create request (a card customer): surname, first name and a unique phone, with overrides. */
export function aDriverRequest(overrides: Partial<DriverCreateRequest> = {}): DriverCreateRequest {
  const n = next();
  return { surname: `Surname${n}`, first_name: `Name${n}`, phone: `996700${String(n).padStart(6, '0')}`, ...overrides };
}

export interface DriverOverrides {
  surname?: string;
  firstName?: string;
  phone?: string;
  email?: string;
  /** YYYY-MM-DD. */
  birthday?: string;
  blocked?: boolean;
  /** What the mobile app's sign-up sets: when, on which platform, with which version. */
  registeredAt?: Date;
  platform?: Platform;
  appVersion?: string;
  balanceTyiyn?: number;
  idTags?: string[];
}

/**
 * A driver made through the drivers service (its news event by the builders' manager), registered
 * now unless told, with its id tags. A balance is put on through the ledger (one manager top-up
 * entry), so the balance still equals the sum of the entries.
 */
export async function aDriver(database: Database, overrides: DriverOverrides = {}): Promise<DriverRecord> {
  const n = next();
  const { balanceTyiyn = 0, idTags = [], registeredAt, platform, appVersion, ...fields } = overrides;
  // As the contract parses a request, without its checks: tests store names a form would refuse.
  const input: DriverCreate = {
    surname: fields.surname ?? `Surname${n}`,
    first_name: fields.firstName ?? `Name${n}`,
    phone: fields.phone ?? `996701${String(n).padStart(6, '0')}`,
    ...(fields.email !== undefined && { email: fields.email }),
    ...(fields.birthday !== undefined && { birthday: fields.birthday }),
    blocked: fields.blocked ?? false,
  };
  const deps = { db: database.db };
  const { id } = await createDriver(deps, input, await theBuildersManager(database));
  for (const idTag of idTags) await addIdTag(deps, id, idTag);
  if (registeredAt !== undefined || platform !== undefined || appVersion !== undefined) {
    await setAppSignUpForTests(database.db, id, { registeredAt, platform, appVersion });
  }
  if (balanceTyiyn > 0) {
    const opening = {
      driverId: id,
      creditTyiyn: balanceTyiyn,
      reason: 'Opening balance',
      method: 'manager_top_up',
    } as const;
    await database.db.transaction((tx) => postBalanceEntry(tx, opening));
  }
  const { idTags: _, ...driver } = await getDriver(deps, id);
  return driver;
}
