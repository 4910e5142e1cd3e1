import { authorizeIdTag } from '../../modules/charges/charge-start.service.ts';
import { completeCharge, recordMeterProgress } from '../../modules/charges/charge-lifecycle.service.ts';
import type { OcppHandler } from '../context.ts';
import { meterReadings, type MeterValue } from '../meter-readings.ts';
import { checkMeterWh } from '../ocpp-numbers.ts';
import { chargePointTime, eventTime } from '../ocpp-time.ts';
import { stationCharge } from '../station-charges.ts';
import type { IdTagInfo } from './authorize.ts';

/** OCPP 1.6 StopTransaction.req. */
export interface StopTransactionRequest {
  idTag?: string;
  meterStop: number;
  timestamp: string;
  transactionId: number;
  reason?: string;
  transactionData?: MeterValue[];
}

/**
 * Completes the charge (charge-lifecycle.service.ts completeCharge): amount, discount, the ledger
 * debit, status and result, with the station's own stop time, also when the stop comes late after
 * a reconnect. The transaction's meter values come first, for the power and state of charge they
 * end with. A stop sent again changes nothing. An unknown transaction is confirmed all the same
 * (a refusal would have the station send it again forever) and logged. idTagInfo answers the tag
 * presented at the stop, for the station's authorisation cache. Times too far ahead of the server
 * take the receive time, and a meter past the connector's power is not billed (the charge services
 * mark the charge for review).
 */
export const stopTransaction: OcppHandler<StopTransactionRequest, { idTagInfo?: IdTagInfo }> = async (
  ctx,
  station,
  request,
) => {
  checkMeterWh('meterStop', request.meterStop);
  ctx.chargeMemo?.forget(request.transactionId);
  const charge = await stationCharge(ctx, station, request.transactionId);
  if (!charge) {
    ctx.log.warn(
      { identity: station.identity, transactionId: request.transactionId },
      'OCPP stop of an unknown transaction',
    );
    return {};
  }
  const receivedAt = new Date();
  for (const reading of meterReadings(request.transactionData ?? [], { receivedAt, skewMs: ctx.clockSkewMs }))
    await recordMeterProgress(ctx.db, charge.id, reading);
  const stopped = eventTime(chargePointTime(request.timestamp), receivedAt, ctx.clockSkewMs);
  const { settled, charge: completed } = await completeCharge(ctx.db, charge.id, {
    meterStopWh: request.meterStop,
    finishedAt: stopped.at,
    receivedAt,
    review: stopped.review,
    reason: request.reason,
  });
  if (!settled)
    ctx.log.info(
      { identity: station.identity, chargeId: charge.id, status: charge.status },
      'OCPP stop changed no charge',
    );
  else if (completed.reviewReason !== charge.reviewReason) {
    const sent = { meterStop: request.meterStop, timestamp: request.timestamp };
    ctx.log.warn(
      { identity: station.identity, chargeId: charge.id, review: completed.reviewReason, ...sent },
      'OCPP stop marked the charge for review',
    );
  }
  if (request.idTag === undefined) return {};
  const { idTagStatus } = await authorizeIdTag(ctx.db, request.idTag, { minimumBalanceTyiyn: ctx.minimumBalanceTyiyn });
  return { idTagInfo: { status: idTagStatus } };
};
