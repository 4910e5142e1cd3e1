import type { OcppConnectorStatus, OcppErrorCode } from '@evcms/contracts/ocpp';
import { recordStatus } from '../../modules/stations/station-ocpp.service.ts';
import type { OcppHandler } from '../context.ts';
import { followConnectorStatus } from '../connector-charges.ts';
import { checkId } from '../ocpp-numbers.ts';
import { chargePointTime } from '../ocpp-time.ts';

/** OCPP 1.6 StatusNotification.req. */
export interface StatusNotificationRequest {
  connectorId: number;
  errorCode: OcppErrorCode;
  status: OcppConnectorStatus;
  info?: string;
  timestamp?: string;
  vendorId?: string;
  vendorErrorCode?: string;
}

/**
 * Records the status as reported, whatever it follows and whether or not the station has that
 * connector (connectorId 0 is the station itself), then moves the connector's charge along
 * (connector-charges.ts). Only a connectorId no connector can have (negative, or past the
 * database's integer) is refused.
 */
export const statusNotification: OcppHandler<StatusNotificationRequest, Record<string, never>> = async (
  ctx,
  station,
  request,
) => {
  checkId('connectorId', request.connectorId);
  const recorded = recordStatus(ctx.telemetryDb ?? ctx.db, {
    stationId: station.stationId,
    connectorId: request.connectorId,
    status: request.status,
    errorCode: request.errorCode,
    info: request.info ?? null,
    vendorId: request.vendorId ?? null,
    vendorErrorCode: request.vendorErrorCode ?? null,
    statusAt: request.timestamp === undefined ? null : chargePointTime(request.timestamp),
    receivedAt: new Date(),
  });
  await followConnectorStatus(ctx, station, request.connectorId, request.status, recorded);
  return {};
};
