/**
 * The soak bench's charge points: the product's simulator (apps/simulator: a Fleet of real OCPP
 * 1.6J charge points on ocpp-rpc's client, its drivers charging) in a process of its own, so that
 * killing the server leaves the stations running, to reconnect as real ones do. Answers the bench
 * over IPC (ocpp-ipc.ts): its counters, which stations went offline and when they were back, the
 * transaction messages the central system acknowledged (the reconciliation's station side), and
 * its errors by kind. BENCH_URL: the central system's OCPP endpoint.
 */
import { Fleet } from '../../apps/simulator/src/fleet.ts';
import type { ChargePointEvent, StartAcknowledged, StopAcknowledged } from '../../apps/simulator/src/events.ts';
import { benchIdentity, STATION_PASSWORD } from './ocpp-frames.ts';
import { serveRequests } from './ocpp-ipc.ts';

export type Acknowledged<T> = T & { identity: string; at: number };

export interface FleetCounts {
  connected: number;
  /** Connected and booted: calls flow. */
  online: number;
  charging: number;
  calls: number;
  answered: number;
  errors: number;
  sessions: number;
}

export interface Outage {
  /** Stations that went offline at or after `since`. */
  dropped: number;
  /** Of those, offline now. */
  down: number;
  /** When the last of them was online again (epoch ms), once none is down. */
  backAt?: number;
}

/** Connected and booted, and the last time each changed: a station's outage is read from these. */
interface Link {
  online: boolean;
  onlineAt: number;
  offlineAt: number;
}

let fleet: Fleet | undefined;
const links = new Map<string, Link>();
const starts: Acknowledged<StartAcknowledged>[] = [];
const stops: Acknowledged<StopAcknowledged>[] = [];
/** Error lines by kind: the station's name and numbers taken out, so alike failures count together. */
const errorKinds = new Map<string, number>();

function record(event: ChargePointEvent): void {
  if (event.type === 'started') starts.push(event);
  else if (event.type === 'stopped') stops.push(event);
  else {
    const link = links.get(event.identity) ?? { online: false, onlineAt: 0, offlineAt: 0 };
    link.online = event.type === 'online';
    if (link.online) link.onlineAt = event.at;
    else link.offlineAt = event.at;
    links.set(event.identity, link);
  }
}

function countError(line: string, error: boolean): void {
  if (!error) return;
  const kind = line.replace(/^[^:]+: /, '').replace(/\d+/g, 'N');
  if (errorKinds.has(kind) || errorKinds.size < 100) errorKinds.set(kind, (errorKinds.get(kind) ?? 0) + 1);
}

interface StartArgs {
  indices: number[];
  idTags: string[];
  sessions: number;
  sessionSeconds: number;
  meterIntervalSeconds: number;
  connectConcurrency: number;
}

serveRequests({
  /** Connects and boots every station (the fleet's own pace), then lets the drivers in. */
  async start(args: StartArgs) {
    fleet = new Fleet({
      endpoint: process.env.BENCH_URL!,
      stations: args.indices.map((index) => ({
        identity: benchIdentity(index),
        password: STATION_PASSWORD,
        connectors: 2,
      })),
      idTags: args.idTags,
      sessions: args.sessions,
      sessionSeconds: args.sessionSeconds,
      meterIntervalSeconds: args.meterIntervalSeconds,
      powerKw: 22,
      connectConcurrency: args.connectConcurrency,
      log: countError,
      events: record,
    });
    await fleet.start();
    return counts();
  },
  counts: async () => counts(),
  async outage({ since }: { since: number }): Promise<Outage> {
    const dropped = [...links.values()].filter((link) => link.offlineAt >= since);
    const down = dropped.filter((link) => !link.online).length;
    return {
      dropped: dropped.length,
      down,
      ...(dropped.length && !down && { backAt: Math.max(...dropped.map((link) => link.onlineAt)) }),
    };
  },
  acknowledged: async () => ({ starts, stops }),
  errors: async () => [...errorKinds].sort((a, b) => b[1] - a[1]),
  /** Drivers stopped, running sessions ended (StopTransaction, reason Other), connections closed. */
  async stop() {
    await fleet?.stop();
    return counts();
  },
});

function counts(): FleetCounts {
  const { connected, charging, calls, answered, errors, sessions } = fleet?.stats ?? {
    connected: 0,
    charging: 0,
    calls: 0,
    answered: 0,
    errors: 0,
    sessions: 0,
  };
  const online = fleet?.chargePoints.filter((chargePoint) => chargePoint.isOnline).length ?? 0;
  return { connected, online, charging, calls, answered, errors, sessions };
}
