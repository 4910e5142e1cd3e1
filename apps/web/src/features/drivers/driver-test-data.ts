import type { Paged } from '@evcms/contracts/common';
import type { BalanceEntry } from '@evcms/contracts/driver-balance';
import type { Driver } from '@evcms/contracts/drivers';
import { jsonResponse } from '../../lib/test-fetch.ts';

/** A driver as the API answers it, for the screen tests. */
export const aDriver = (id: number, overrides: Partial<Driver> = {}): Driver => ({
  id,
  account: String(10_000_000 + id),
  surname: 'Asanov',
  first_name: 'Bakyt',
  phone: '996555123456',
  email: null,
  registered_at: '2024-05-06T08:30:00.000Z',
  balance: 100,
  platform: null,
  app_version: null,
  blocked: false,
  gender: null,
  birthday: null,
  age: null,
  car: { make: null, model: null, year: null, colour: null },
  licence: null,
  id_tags: [],
  referral_code: '0A1B2C3D',
  invited_by: null,
  ...overrides,
});

/** A ledger entry as the API answers it: a manager's top-up unless told otherwise. */
export const anEntry = (id: number, overrides: Partial<BalanceEntry> = {}): BalanceEntry => ({
  id,
  date: '2024-05-06T09:15:00.000Z',
  driver: { id: 7, name: 'Asanov Bakyt', phone: '996555123456', account: '10000007' },
  reason: 'Cash at the office',
  method: 'manager_top_up',
  method_name: 'Top-up by a manager',
  debit: 0,
  credit: 150.5,
  deposit: 250.5,
  charge_id: null,
  manager: 'Administrator',
  ...overrides,
});

export const page = <T>(items: T[]): Response =>
  jsonResponse(200, { items, page: 1, pages: 1, size: 10, total: items.length } satisfies Paged<T>);
