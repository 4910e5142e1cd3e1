import type { OcppFirmwareStatus } from '@evcms/contracts/ocpp';
import { recordFirmwareStatus } from '../../modules/stations/station-ocpp.service.ts';
import type { OcppHandler } from '../context.ts';

/** OCPP 1.6 FirmwareStatusNotification.req: how a firmware update goes. */
export interface FirmwareStatusNotificationRequest {
  status: OcppFirmwareStatus;
}

/** Kept as the station's last firmware status (the station card shows it). */
export const firmwareStatusNotification: OcppHandler<FirmwareStatusNotificationRequest, Record<string, never>> = async (
  ctx,
  station,
  request,
) => {
  await recordFirmwareStatus(ctx.db, station.stationId, request.status);
  return {};
};
