import { recordBoot } from '../../modules/stations/station-ocpp.service.ts';
import type { OcppHandler } from '../context.ts';
import { currentTime } from '../ocpp-time.ts';

/** OCPP 1.6 BootNotification.req (the schema requires vendor and model and allows nothing else). */
export interface BootNotificationRequest {
  chargePointVendor: string;
  chargePointModel: string;
  chargePointSerialNumber?: string;
  chargeBoxSerialNumber?: string;
  firmwareVersion?: string;
  iccid?: string;
  imsi?: string;
  meterType?: string;
  meterSerialNumber?: string;
}

export interface BootNotificationConfirmation {
  status: 'Accepted' | 'Pending' | 'Rejected';
  currentTime: string;
  interval: number;
}

/**
 * Keeps what the station says about itself (a field it leaves out is cleared) and accepts it. A
 * boot alone ends no charge: a station sends one when asked (TriggerMessage) or when it reconnects
 * without having rebooted, its transactions still running. A station that did reboot says so of
 * each connector next: Available or Preparing with a charge still open there means the charge is
 * lost (connector-charges.ts); its StopTransaction, or the offline limit, ends it otherwise.
 */
export const bootNotification: OcppHandler<BootNotificationRequest, BootNotificationConfirmation> = async (
  ctx,
  station,
  request,
) => {
  const now = new Date();
  await recordBoot(
    ctx.db,
    station.stationId,
    {
      vendor: request.chargePointVendor,
      model: request.chargePointModel,
      chargePointSerialNumber: request.chargePointSerialNumber ?? null,
      chargeBoxSerialNumber: request.chargeBoxSerialNumber ?? null,
      firmwareVersion: request.firmwareVersion ?? null,
      iccid: request.iccid ?? null,
      imsi: request.imsi ?? null,
      meterType: request.meterType ?? null,
      meterSerialNumber: request.meterSerialNumber ?? null,
    },
    now,
  );
  return { status: 'Accepted', currentTime: currentTime(now), interval: ctx.heartbeatIntervalSeconds };
};
