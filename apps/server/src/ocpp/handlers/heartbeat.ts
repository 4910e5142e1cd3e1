import { recordSeen } from '../../modules/stations/station-ocpp.service.ts';
import type { OcppHandler } from '../context.ts';
import { currentTime } from '../ocpp-time.ts';

export interface HeartbeatConfirmation {
  currentTime: string;
}

/**
 * The station's clock sync; its last-seen is written before the answer (other signs of life wait
 * for presence.ts's next flush). Heartbeats arriving together share one write.
 */
export const heartbeat: OcppHandler<Record<string, never>, HeartbeatConfirmation> = async (ctx, station) => {
  const now = new Date();
  if (ctx.presence) await ctx.presence.seenNow(station.stationId, now);
  else await recordSeen(ctx.telemetryDb ?? ctx.db, [{ stationId: station.stationId, at: now }]);
  return { currentTime: currentTime(now) };
};
