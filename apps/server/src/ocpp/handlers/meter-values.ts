import { protectPrepaid } from '../../modules/charges/charge-commands.service.ts';
import {
  advanceMeter,
  findOpenMeterBase,
  type ProgressedCharge,
} from '../../modules/charges/charge-lifecycle.service.ts';
import type { OcppHandler } from '../context.ts';
import { meterReadings, type MeterValue } from '../meter-readings.ts';
import { isInt4 } from '../ocpp-numbers.ts';
import { stationMeterBase } from '../station-charges.ts';

/** OCPP 1.6 MeterValues.req. */
export interface MeterValuesRequest {
  connectorId: number;
  transactionId?: number;
  meterValue: MeterValue[];
}

/**
 * The running charge's consumption and cost follow the energy register (with its power and state
 * of charge); readings older than the last are ignored by the services. Meter values without a
 * transactionId go to the connector's open charge, since some stations leave it out while
 * charging; those of no charge (an idle connector, connectorId 0, an unknown transaction) are
 * answered and dropped: the station gets a confirmation whatever it reports. A reading stamped too
 * far ahead takes the receive time, and one past the connector's power moves nothing; either marks
 * the charge for review. A charge whose cost has reached its driver's balance is then stopped
 * (prepaid protection).
 */
export const meterValues: OcppHandler<MeterValuesRequest, Record<string, never>> = async (ctx, station, request) => {
  const readings = meterReadings(request.meterValue, { receivedAt: new Date(), skewMs: ctx.clockSkewMs });
  if (!readings.length) return {};
  const { connectorId, transactionId } = request;
  // A charge this connection remembers is not read: the usual single reading is then one statement, the guarded update.
  const charge =
    transactionId !== undefined
      ? (ctx.chargeMemo?.get(transactionId) ?? (await stationMeterBase(ctx, station, transactionId)))
      : connectorId > 0 && isInt4(connectorId)
        ? await findOpenMeterBase(ctx.telemetryDb ?? ctx.db, {
            stationId: station.stationId,
            ocppConnectorId: connectorId,
          })
        : undefined;
  if (!charge) {
    if (transactionId !== undefined)
      ctx.log.warn({ identity: station.identity, transactionId }, 'OCPP meter values of an unknown transaction');
    return {};
  }
  // The charge as the last believed reading left it, with the driver's balance: what the prepaid protection judges.
  let progressed: ProgressedCharge | undefined;
  // The guard let the reading in, believed or not: the charge still runs from the remembered start.
  let running = false;
  // Each reading is superseded by the next, and the stop carries the final meter: no commit waits for the disk (telemetryDb).
  for (const reading of readings) {
    const advanced = await advanceMeter(ctx.telemetryDb ?? ctx.db, charge, reading);
    running ||= advanced !== undefined;
    if (advanced?.jumped)
      ctx.log.warn(
        { identity: station.identity, chargeId: charge.id, meterWh: reading.meterWh, at: reading.at },
        'OCPP meter reading past the connector power ignored',
      );
    else if (advanced) progressed = advanced;
  }
  if (transactionId !== undefined) {
    if (running) ctx.chargeMemo?.remember(charge);
    else ctx.chargeMemo?.forget(transactionId);
  }
  if (progressed && ctx.command) {
    const progress = { applied: true, charge: progressed, driverBalanceTyiyn: progressed.driverBalanceTyiyn };
    // Not awaited: the station answers the stop only once this call is confirmed, if it handles one call at a time.
    const { command } = ctx;
    void protectPrepaid({ db: ctx.db, command }, progress)
      .then(
        (answer) =>
          answer &&
          ctx.log.info(
            { identity: station.identity, chargeId: charge.id, outcome: answer.outcome },
            'OCPP prepaid protection stopped a charge',
          ),
      )
      .catch((error: unknown) => ctx.log.error({ err: error, chargeId: charge.id }, 'OCPP prepaid protection failed'));
  }
  return {};
};
