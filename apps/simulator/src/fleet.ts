import { setMaxListeners } from 'node:events';
import { setTimeout as delay } from 'node:timers/promises';
import type { SimulatedStation } from './api.ts';
import { ChargePoint } from './charge-point.ts';
import type { ChargePointEvent } from './events.ts';
import { newStats, type Stats } from './stats.ts';

/*
 * Many simulated charge points and the drivers who charge at them: the stations connect a few at a
 * time (a thousand at once would be a reconnect storm), then `sessions` drivers at a time each
 * take a free connector somewhere in the fleet, charge, leave, and the next one comes a moment later.
 */

export interface FleetOptions {
  endpoint: string;
  stations: SimulatedStation[];
  idTags: string[];
  /** Concurrent charging sessions across the fleet (0: the stations only stay online). */
  sessions: number;
  sessionSeconds: number;
  meterIntervalSeconds: number;
  powerKw: number;
  finishingSeconds?: number;
  /** Charge points connecting at once while the fleet starts. */
  connectConcurrency?: number;
  log?: (line: string, error: boolean) => void;
  /** Every charge point's events (events.ts). */
  events?: (event: ChargePointEvent) => void;
}

/** The pause between one driver leaving and the next one arriving, ms. */
const ARRIVAL_MS = [1_000, 5_000] as const;

export class Fleet {
  readonly stats: Stats = newStats();
  readonly chargePoints: ChargePoint[];
  private readonly tags: string[];
  private readonly tagsInUse = new Set<string>();
  private nextTag = 0;
  private readonly halt = new AbortController();
  private workers: Promise<void>[] = [];

  constructor(private readonly options: FleetOptions) {
    // Every driver waiting for a connector waits on it: past ten, Node would warn of a leak.
    setMaxListeners(0, this.halt.signal);
    this.tags = [...options.idTags];
    this.chargePoints = options.stations.map(
      (station) =>
        new ChargePoint({
          endpoint: options.endpoint,
          identity: station.identity,
          password: station.password,
          connectors: station.connectors,
          meterIntervalSeconds: options.meterIntervalSeconds,
          powerKw: options.powerKw,
          sessionSeconds: options.sessionSeconds,
          finishingSeconds: options.finishingSeconds ?? 2,
          stats: this.stats,
          log: options.log,
          events: options.events,
        }),
    );
  }

  /** Connects and boots every charge point (one that fails is counted and logged), then lets the drivers in. */
  async start(): Promise<void> {
    const queue = [...this.chargePoints];
    const lanes = Array.from({ length: Math.min(this.options.connectConcurrency ?? 50, queue.length) }, async () => {
      for (let next = queue.shift(); next && !this.halt.signal.aborted; next = queue.shift()) {
        await next.start().catch(() => undefined);
      }
    });
    await Promise.all(lanes);
    if (this.halt.signal.aborted || !this.tags.length) return;
    this.workers = Array.from({ length: this.options.sessions }, () => this.driver());
  }

  /** Stops the drivers, ends the running sessions and closes every connection. */
  async stop(): Promise<void> {
    this.halt.abort();
    await Promise.all(this.chargePoints.map((chargePoint) => chargePoint.stop()));
    await Promise.all(this.workers);
  }

  /** One driver slot: charge somewhere, leave, come back with the next id tag. */
  private async driver(): Promise<void> {
    while (!this.halt.signal.aborted) {
      const chargePoint = this.freeChargePoint();
      const idTag = chargePoint && this.freeTag();
      if (chargePoint && idTag !== undefined) {
        this.tagsInUse.add(idTag);
        const seconds = this.options.sessionSeconds * (0.8 + Math.random() * 0.4);
        const outcome = await chargePoint.startSession(idTag, { seconds });
        this.tagsInUse.delete(idTag);
        if (outcome.status === 'refused' && outcome.idTagStatus && outcome.idTagStatus !== 'ConcurrentTx')
          this.dropTag(idTag, outcome.idTagStatus);
      }
      const [least, most] = ARRIVAL_MS;
      await delay(least + Math.random() * (most - least), undefined, { signal: this.halt.signal }).catch(
        () => undefined,
      );
      if (!this.tags.length) return;
    }
  }

  /** A random charge point with a free connector, so sessions spread over the fleet. */
  private freeChargePoint(): ChargePoint | undefined {
    const count = this.chargePoints.length;
    const first = Math.floor(Math.random() * count);
    for (let i = 0; i < count; i += 1) {
      const chargePoint = this.chargePoints[(first + i) % count]!;
      if (chargePoint.freeConnector()) return chargePoint;
    }
    return undefined;
  }

  /** The id tags in turn, skipping those charging now. */
  private freeTag(): string | undefined {
    for (let i = 0; i < this.tags.length; i += 1) {
      const tag = this.tags[(this.nextTag + i) % this.tags.length]!;
      if (this.tagsInUse.has(tag)) continue;
      this.nextTag = (this.nextTag + i + 1) % this.tags.length;
      return tag;
    }
    return undefined;
  }

  private dropTag(tag: string, status: string): void {
    const index = this.tags.indexOf(tag);
    if (index < 0) return;
    this.tags.splice(index, 1);
    this.options.log?.(
      `id tag ${tag} refused (${status}): not used again${this.tags.length ? '' : '; no id tags left'}`,
      true,
    );
  }
}
