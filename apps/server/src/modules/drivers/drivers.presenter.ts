import { ageOn, localDate } from '@evcms/contracts/dates';
import { DECIMALS, fromMinorUnits } from '@evcms/contracts/decimal';
import { BALANCE_METHODS, type BalanceEntry } from '@evcms/contracts/driver-balance';
import type { Driver, DriverIdTag, DriverListItem } from '@evcms/contracts/drivers';
import type { Lang } from '@evcms/contracts/i18n';
import type { DriverDetailRecord, DriverRecord, IdTagRecord } from './drivers.service.ts';
import { fullName } from './drivers.rules.ts';
import type { BalanceEntryRecord } from './ledger.service.ts';

/** Drivers, their id tags and ledger entries as the API answers them: money in som, the age counted today in Bishkek. */

const som = (tyiyn: number) => fromMinorUnits(tyiyn, DECIMALS.money);

export function presentDriverListItem(driver: DriverRecord): DriverListItem {
  return {
    id: driver.id,
    account: driver.account,
    surname: driver.surname,
    first_name: driver.firstName,
    phone: driver.phone,
    email: driver.email,
    registered_at: driver.registeredAt.toISOString(),
    balance: som(driver.balanceTyiyn),
    platform: driver.platform,
    app_version: driver.appVersion,
    blocked: driver.blocked,
    referral_code: driver.referralCode,
  };
}

export function presentIdTag(tag: IdTagRecord): DriverIdTag {
  return { id: tag.id, id_tag: tag.idTag, blocked: tag.blocked, created_at: tag.createdAt.toISOString() };
}

export function presentDriver(driver: DriverDetailRecord): Driver {
  return {
    ...presentDriverListItem(driver),
    gender: driver.gender,
    birthday: driver.birthday,
    age: driver.birthday === null ? null : ageOn(driver.birthday, localDate()),
    car: driver.car,
    licence: driver.licence,
    id_tags: driver.idTags.map(presentIdTag),
    invited_by: driver.invitedBy && { id: driver.invitedBy.id, name: fullName(driver.invitedBy) },
  };
}

export function presentBalanceEntry(entry: BalanceEntryRecord, lang: Lang): BalanceEntry {
  return {
    id: entry.id,
    date: entry.createdAt.toISOString(),
    driver: {
      id: entry.driver.id,
      name: fullName(entry.driver),
      phone: entry.driver.phone,
      account: entry.driver.account,
    },
    reason: entry.reason,
    method: entry.method,
    method_name: BALANCE_METHODS[entry.method][lang],
    debit: som(entry.debitTyiyn),
    credit: som(entry.creditTyiyn),
    deposit: som(entry.balanceAfterTyiyn),
    charge_id: entry.chargeId,
    manager: entry.managerName,
  };
}
