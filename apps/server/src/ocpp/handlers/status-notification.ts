import { createRPCError } from 'ocpp-rpc';
import type { OcppConnectorStatus, OcppErrorCode } from '@evcms/contracts/ocpp';
import { recordStatus } from '../../modules/stations/station-ocpp.service.ts';
import type { OcppHandler } from '../context.ts';
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

const CONNECTOR_ID_MAX = 2 ** 31 - 1;

/**
 * Records the status as reported, whatever it follows and whether or not the station has that
 * connector (connectorId 0 is the station itself). Only a connectorId no connector can have
 * (negative, or past the database's integer) is refused.
 */
export const statusNotification: OcppHandler<StatusNotificationRequest, Record<string, never>> = async (ctx, station, request) => {
  if (request.connectorId < 0 || request.connectorId > CONNECTOR_ID_MAX) {
    throw createRPCError('PropertyConstraintViolation', 'connectorId must be 0 or more', { connectorId: request.connectorId });
  }
  await recordStatus(ctx.db, {
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
  return {};
};
