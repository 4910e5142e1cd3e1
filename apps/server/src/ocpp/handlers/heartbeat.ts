import { recordSeen } from '../../modules/stations/station-ocpp.service.ts';
import type { OcppHandler } from '../context.ts';
import { currentTime } from '../ocpp-time.ts';

export interface HeartbeatConfirmation {
  currentTime: string;
}

/** The station's clock sync; its last-seen is written at once (other signs of life are batched, see presence.ts). */
export const heartbeat: OcppHandler<Record<string, never>, HeartbeatConfirmation> = async (ctx, station) => {
  const now = new Date();
  await recordSeen(ctx.db, [{ stationId: station.stationId, at: now }]);
  return { currentTime: currentTime(now) };
};
