import { markNotCompleted } from '../../modules/charges/charge-lifecycle.service.ts';
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
 * station that boots has lost the charges it was running: those still open are marked not
 * completed first (a StopTransaction it kept may still arrive and complete them).
 */
export const bootNotification: OcppHandler<BootNotificationRequest, BootNotificationConfirmation> = async (ctx, station, request) => {
  const now = new Date();
  const lost = await markNotCompleted(ctx.db, { stationId: station.stationId, before: now });
  if (lost.length) ctx.log.info({ identity: station.identity, charges: lost.map((charge) => charge.id) }, 'OCPP reboot: open charges not completed');
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
