import { openCharge } from '../../modules/charges/charge-start.service.ts';
import type { OcppHandler } from '../context.ts';
import { checkId, checkMeterWh } from '../ocpp-numbers.ts';
import { chargePointTime, eventTime } from '../ocpp-time.ts';
import type { IdTagInfo } from './authorize.ts';

/** OCPP 1.6 StartTransaction.req. */
export interface StartTransactionRequest {
  connectorId: number;
  idTag: string;
  meterStart: number;
  reservationId?: number;
  timestamp: string;
}

export interface StartTransactionConfirmation {
  transactionId: number;
  idTagInfo: IdTagInfo;
}

/**
 * Opens the charge (charge-start.service.ts openCharge): transactionId is the charge number. The
 * tag is authorised here too, since a station may have accepted it from its own cache without an
 * Authorize; a refused start is recorded as unauthorized and answered with its status, which tells
 * the station to stop. The same start sent again answers the same charge. A start stamped too far
 * ahead of the server (a clock set to 2999) starts when it was received, marked for review.
 */
export const startTransaction: OcppHandler<StartTransactionRequest, StartTransactionConfirmation> = async (
  ctx,
  station,
  request,
) => {
  checkId('connectorId', request.connectorId);
  checkMeterWh('meterStart', request.meterStart);
  if (request.reservationId !== undefined) checkId('reservationId', request.reservationId);
  const started = eventTime(chargePointTime(request.timestamp), new Date(), ctx.clockSkewMs);
  const opened = await openCharge(ctx.db, {
    stationId: station.stationId,
    ocppConnectorId: request.connectorId,
    idTag: request.idTag,
    meterStartWh: request.meterStart,
    startedAt: started.at,
    review: started.review,
    reservationId: request.reservationId,
    minimumBalanceTyiyn: ctx.minimumBalanceTyiyn,
    powerCeilingW: ctx.powerCeilingW,
  });
  if (started.review)
    ctx.log.warn(
      { identity: station.identity, chargeId: opened.chargeId, timestamp: request.timestamp },
      'OCPP start stamped in the future: the receive time taken',
    );
  if (opened.idTagStatus !== 'Accepted') {
    ctx.log.info(
      { identity: station.identity, chargeId: opened.chargeId, refusal: opened.charge.refusal },
      'OCPP start refused',
    );
  }
  return { transactionId: opened.chargeId, idTagInfo: { status: opened.idTagStatus } };
};
