import { CONNECTOR_TYPES } from '@evcms/contracts/catalog';
import {
  CHARGE_SOURCES,
  CHARGE_STATUSES,
  PAYMENT_METHODS,
  type ChargeDetail,
  type ChargeListItem,
} from '@evcms/contracts/charges';
import { DECIMALS, fromMinorUnits } from '@evcms/contracts/decimal';
import type { Lang } from '@evcms/contracts/i18n';
import { commandAnswerOf, type CommandAnswer, type RemoteStartAnswer } from '@evcms/contracts/ocpp-commands';
import type { CommandAnswerRecord } from '../stations/station-commands.service.ts';
import type { RemoteStartRecord } from './charge-remote-start.service.ts';
import type { ChargeRecord } from './charges.service.ts';
import { durationSeconds, isRunning } from './charges.rules.ts';

/** Charges as the API answers them: energy in kWh, money in som, names in the request's language, times ISO in UTC. */

const som = (tyiyn: number) => fromMinorUnits(tyiyn, DECIMALS.money);
const kwh = (wh: number) => fromMinorUnits(wh, DECIMALS.energy);
/** Watts as kW, with the energy's three decimals. */
const kw = (watts: number) => fromMinorUnits(watts, DECIMALS.energy);
const orNull = <T, R>(value: T | null, present: (value: T) => R): R | null => (value === null ? null : present(value));

/** A charge's times, as Dates or (the export's raw rows) epoch milliseconds. */
type ChargeTimes = Pick<ChargeRecord, 'status'> & {
  startedAt: Date | number;
  finishedAt: Date | number | null;
  lastMeterAt: Date | number | null;
};

/** Start to finish; an open charge runs until now; one that never ran (initiated, canceled) or stopped unseen has none. */
export function chargeDuration(charge: ChargeTimes, now: Date): number | null {
  if (charge.finishedAt !== null) return durationSeconds(charge.startedAt, charge.finishedAt);
  if (isRunning(charge.status)) return durationSeconds(charge.startedAt, now);
  return charge.status === 'not_completed' ? durationSeconds(charge.startedAt, charge.lastMeterAt) : null;
}

export function presentChargeListItem(charge: ChargeRecord, lang: Lang, now: Date = new Date()): ChargeListItem {
  return {
    id: charge.id,
    driver: charge.driver && {
      id: charge.driver.id,
      name: `${charge.driver.surname} ${charge.driver.firstName}`,
      phone: charge.driver.phone,
      account: charge.driver.account,
    },
    id_tag: charge.idTag,
    station: { id: charge.stationId, name: charge.stationName[lang] },
    connector: {
      ocpp_16_id: charge.ocppConnectorId,
      typo: charge.connectorTypo,
      typo_name: orNull(charge.connectorTypo, (typo) => CONNECTOR_TYPES[typo][lang]),
    },
    started_at: charge.startedAt.toISOString(),
    finished_at: orNull(charge.finishedAt, (at) => at.toISOString()),
    duration_seconds: chargeDuration(charge, now),
    consumed: kwh(charge.consumedWh),
    price: orNull(charge.priceTyiyn, som),
    amount: som(charge.amountTyiyn),
    discount: som(charge.discountTyiyn),
    promotion: charge.promotionId,
    promotion_name: orNull(charge.promotionName, (name) => name[lang]),
    total: som(charge.totalTyiyn),
    payment_method: charge.paymentMethod,
    payment_method_name: orNull(charge.paymentMethod, (method) => PAYMENT_METHODS[method][lang]),
    status: charge.status,
    status_name: CHARGE_STATUSES[charge.status][lang],
    result: charge.result,
    stop_reason: charge.stopReason,
    refusal: charge.refusal,
    review_reason: charge.reviewReason,
    source: charge.source,
    source_name: CHARGE_SOURCES[charge.source][lang],
  };
}

export function presentChargeDetail(charge: ChargeRecord, lang: Lang): ChargeDetail {
  return {
    ...presentChargeListItem(charge, lang),
    meter_start: orNull(charge.meterStartWh, kwh),
    meter_stop: orNull(charge.meterStopWh, kwh),
    last_meter: orNull(charge.lastMeterWh, kwh),
    last_meter_at: orNull(charge.lastMeterAt, (at) => at.toISOString()),
    power: orNull(charge.powerW, kw),
    soc_percent: charge.socPercent,
    price_source: charge.priceSource,
    reservation_id: charge.reservationId,
    stop_requested_at: orNull(charge.stopRequestedAt, (at) => at.toISOString()),
  };
}

/** The back office's stop: how the command ended. */
export function presentStopAnswer(answer: CommandAnswerRecord, lang: Lang): CommandAnswer {
  return commandAnswerOf(answer.outcome, lang);
}

/** A remote start's answer: how the command ended, the station's word, its audit entry and the charge it initiated. */
export function presentRemoteStart(answer: RemoteStartRecord, lang: Lang): RemoteStartAnswer {
  return {
    ...commandAnswerOf(answer.outcome, lang),
    status: answer.status,
    command_id: answer.commandId,
    charge_id: answer.chargeId,
  };
}
