import type { OcppDiagnosticsStatus } from '@evcms/contracts/ocpp';
import { recordDiagnosticsStatus } from '../../modules/stations/station-ocpp.service.ts';
import type { OcppHandler } from '../context.ts';

/** OCPP 1.6 DiagnosticsStatusNotification.req: how the upload of a diagnostics file goes. */
export interface DiagnosticsStatusNotificationRequest {
  status: OcppDiagnosticsStatus;
}

/** Kept as the station's last diagnostics status (the station card shows it). */
export const diagnosticsStatusNotification: OcppHandler<
  DiagnosticsStatusNotificationRequest,
  Record<string, never>
> = async (ctx, station, request) => {
  await recordDiagnosticsStatus(ctx.db, station.stationId, request.status);
  return {};
};
