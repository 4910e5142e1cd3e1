import { setImmediate as nextTurn, setTimeout as delay } from 'node:timers/promises';
import { registerCommands } from './commands.ts';
import { Configuration } from './configuration.ts';
import type { ChargePointEvent, TransactionAcknowledged } from './events.ts';
import { errorText, Link } from './link.ts';
import { registerValue, sessionValue } from './meter.ts';
import {
  ocppTime,
  type BootNotificationConfirmation,
  type ChargePointStatus,
  type SampledValue,
  type StopReason,
} from './ocpp.ts';
import { runSession, Session, type Connector, type SessionHost, type SessionOutcome } from './session.ts';
import { newStats, type Stats } from './stats.ts';

/*
 * One simulated OCPP 1.6J charge point over a real WebSocket (link.ts): it boots, reports its
 * connectors, sends heartbeats at the interval the central system gave, charges drivers
 * (session.ts) and obeys the central system's commands (commands.ts). After a lost connection it
 * reports its statuses again but does not boot again (a boot tells the central system that the
 * charges it had open are gone).
 */

export interface ChargePointOptions {
  /** The central system's OCPP base URL: `ws://127.0.0.1:8080/ocpp` (the identity is appended). */
  endpoint: string;
  identity: string;
  password: string;
  connectors?: number;
  meterIntervalSeconds?: number;
  powerKw?: number;
  /** The length of a session started remotely, or without a length of its own. */
  sessionSeconds?: number;
  /** How long a connector shows Finishing after a session. */
  finishingSeconds?: number;
  /** The pause of a reset between closing the connection and connecting again. */
  rebootSeconds?: number;
  /** Shared by a fleet's charge points. */
  stats?: Stats;
  /** Events as lines naming the charge point; `error` marks failures (counted in the stats too). */
  log?: (line: string, error: boolean) => void;
  /** Online and offline, and each transaction message the central system answered (events.ts). */
  events?: (event: ChargePointEvent) => void;
}

export interface SessionRequest {
  connectorId?: number;
  seconds?: number;
  powerKw?: number;
  authorize?: boolean;
}

const DEFAULTS = {
  connectors: 2,
  meterIntervalSeconds: 10,
  powerKw: 22,
  sessionSeconds: 120,
  finishingSeconds: 0,
  rebootSeconds: 1,
};
/** A reset or stop waits this long for running sessions to be stopped before closing anyway. */
const END_SESSIONS_MS = 15_000;
const BATTERIES_WH = [40_000, 60_000, 77_000, 100_000];

export class ChargePoint implements SessionHost {
  readonly identity: string;
  readonly configuration: Configuration;
  readonly connectors: Connector[];
  readonly stats: Stats;
  /** Connector 0, the charge point itself: false after ChangeAvailability Inoperative for it. */
  stationOperative = true;
  private readonly settings: Required<Omit<ChargePointOptions, 'stats' | 'log' | 'events'>>;
  private readonly logLine: (line: string, error: boolean) => void;
  private readonly events?: (event: ChargePointEvent) => void;
  private readonly link: Link;
  private heartbeat?: NodeJS.Timeout;
  /** Its last boot was accepted (and no reset or stop since). */
  private accepted = false;
  /** A stop or a reset is under way: no new sessions, no Finishing pause. */
  private stopping = false;
  private stopped = true;
  private readonly running = new Set<Promise<SessionOutcome>>();

  constructor(options: ChargePointOptions) {
    this.settings = { ...DEFAULTS, ...definedOnly(options) } as ChargePoint['settings'];
    this.identity = options.identity;
    this.stats = options.stats ?? newStats();
    this.logLine = options.log ?? (() => undefined);
    this.events = options.events;
    this.configuration = new Configuration({
      heartbeatIntervalSeconds: 0,
      meterIntervalSeconds: this.settings.meterIntervalSeconds,
      connectors: this.settings.connectors,
    });
    this.connectors = Array.from({ length: this.settings.connectors }, (_, index) => ({
      id: index + 1,
      // A meter that has served before: the central system must not assume a register that starts at 0.
      registerWh: Math.floor(Math.random() * 1_000_000),
      operative: true,
      status: 'Available' as const,
    }));
    this.link = new Link({
      endpoint: options.endpoint,
      identity: options.identity,
      password: options.password,
      stats: this.stats,
      log: (line, error) => this.log(line, error),
      handle: (client) => registerCommands(client, this),
      reconnected: () => void this.reconnected(),
      onlineChanged: (online) =>
        this.events?.({ type: online ? 'online' : 'offline', identity: this.identity, at: Date.now() }),
    });
  }

  get isOnline(): boolean {
    return this.link.isOnline;
  }

  /** Connects, boots (again until accepted) and reports every connector. */
  async start(): Promise<void> {
    this.stopped = false;
    this.stopping = false;
    await this.link.open();
    await this.boot();
  }

  /** Stops its running sessions (reason Other unless told), then closes the connection cleanly. */
  async stop({ endSessions = true, reason = 'Other' as StopReason } = {}): Promise<void> {
    this.stopping = true;
    if (endSessions) await this.endSessions(reason);
    this.stopped = true;
    this.link.end();
    await this.disconnect('Simulator stopped');
  }

  /**
   * Reset: sessions stopped (SoftReset or HardReset), the connection closed, then connected and
   * booted again; a central system that cannot be reached is tried again, less and less often.
   */
  async reboot(type: 'Hard' | 'Soft'): Promise<void> {
    if (this.stopping) return;
    this.stopping = true;
    this.log(`${type} reset`);
    await this.endSessions(type === 'Hard' ? 'HardReset' : 'SoftReset');
    await this.disconnect(`${type} reset`);
    await delay(this.settings.rebootSeconds * 1000);
    for (let wait = 1; !this.stopped; wait = Math.min(wait * 2, 30)) {
      this.stopping = false;
      try {
        await this.link.open();
        await this.boot();
        // Stopped while it connected: stop() found nothing to close.
        if (this.stopped) await this.disconnect('Simulator stopped');
        return;
      } catch {
        // Counted and logged by the link.
        await this.link.close('Boot failed');
        await delay(wait * 1000);
      }
    }
  }

  connector(id: number): Connector | undefined {
    return this.connectors[id - 1];
  }

  /** A connector a session could start on now, if any. */
  freeConnector(): Connector | undefined {
    return this.connectors.find((connector) => this.canCharge(connector));
  }

  canCharge(connector: Connector): boolean {
    return this.link.isOnline && !this.stopping && connector.operative && !connector.session;
  }

  sessionOf(transactionId: number): Session | undefined {
    return this.connectors.find((connector) => connector.session?.transactionId === transactionId)?.session;
  }

  /** Charges `idTag` on a free connector (or the one asked for); settles when the session is over. */
  startSession(idTag: string, request: SessionRequest = {}): Promise<SessionOutcome> {
    const connector = request.connectorId === undefined ? this.freeConnector() : this.connector(request.connectorId);
    if (!connector || !this.canCharge(connector))
      return Promise.resolve({ status: 'failed', error: 'no free connector' });
    const session = new Session(connector, {
      idTag,
      seconds: request.seconds ?? this.settings.sessionSeconds,
      powerW: Math.round((request.powerKw ?? this.settings.powerKw) * 1000),
      authorize: request.authorize ?? true,
      socStart: 10 + Math.floor(Math.random() * 40),
      capacityWh: BATTERIES_WH[Math.floor(Math.random() * BATTERIES_WH.length)]!,
    });
    connector.session = session;
    // The connector is taken now; the first frame goes after whatever answer is being sent (a remote start's).
    const done = nextTurn()
      .then(() => runSession(this, session))
      .then((outcome) => {
        const what =
          outcome.status === 'completed'
            ? `${((outcome.energyWh ?? 0) / 1000).toFixed(2)} kWh, ${outcome.reason}`
            : (outcome.idTagStatus ?? outcome.error);
        this.log(`connector ${connector.id}, ${idTag}: session ${outcome.status} (${what})`);
        return outcome;
      })
      .finally(() => {
        connector.session = undefined;
        this.running.delete(done);
      });
    this.running.add(done);
    return done;
  }

  // ---- For sessions and commands

  send<T>(action: string, payload: object, options: { retry?: boolean } = {}): Promise<T> {
    return this.link.send<T>(action, payload, options);
  }

  /** Records a connector's status and tells the central system (on reconnecting, every status is sent again). */
  async report(connector: Connector, status: ChargePointStatus): Promise<void> {
    connector.status = status;
    if (this.link.isOnline) await this.sendStatus(connector.id, status).catch(() => undefined);
  }

  meterIntervalMs(): number {
    return this.configuration.number('MeterValueSampleInterval') * 1000;
  }

  finishingMs(): number {
    return this.stopping ? 0 : this.settings.finishingSeconds * 1000;
  }

  stationStatus(): ChargePointStatus {
    return this.stationOperative ? 'Available' : 'Unavailable';
  }

  sendStatus(connectorId: number, status: ChargePointStatus): Promise<unknown> {
    return this.send('StatusNotification', { connectorId, errorCode: 'NoError', status, timestamp: ocppTime() });
  }

  /** Connector 0 (the charge point) and every connector. */
  async sendStatuses(): Promise<void> {
    const reports = [
      this.sendStatus(0, this.stationStatus()),
      ...this.connectors.map((connector) => this.sendStatus(connector.id, connector.status)),
    ];
    await Promise.allSettled(reports);
  }

  /** A meter sample of one connector: the session's (with its transaction) or the bare register. */
  sendMeterValues(connector: Connector, context: NonNullable<SampledValue['context']>): Promise<unknown> {
    const at = Date.now();
    const session = connector.session;
    if (session?.transactionId === undefined) {
      return this.send('MeterValues', {
        connectorId: connector.id,
        meterValue: [registerValue(connector.registerWh, at, context)],
      });
    }
    return this.send('MeterValues', {
      connectorId: connector.id,
      transactionId: session.transactionId,
      meterValue: [sessionValue(session.reading(at), at, context)],
    });
  }

  /** BootNotification once: the heartbeat interval the central system answers is taken. */
  async bootNotification(): Promise<BootNotificationConfirmation> {
    const answer = await this.send<BootNotificationConfirmation>('BootNotification', {
      chargePointVendor: 'EVCMS',
      chargePointModel: 'Simulator',
      chargePointSerialNumber: this.identity.slice(-25),
      firmwareVersion: '1.0.0',
      meterType: 'Simulated meter',
    });
    if (answer.interval > 0) this.configuration.set('HeartbeatInterval', answer.interval);
    this.restartHeartbeat();
    return answer;
  }

  acknowledged(event: TransactionAcknowledged): void {
    this.events?.({ ...event, identity: this.identity, at: Date.now() });
  }

  restartHeartbeat(): void {
    clearInterval(this.heartbeat);
    const seconds = this.configuration.number('HeartbeatInterval');
    if (seconds > 0)
      this.heartbeat = setInterval(
        () => this.link.isOnline && void this.send('Heartbeat', {}).catch(() => undefined),
        seconds * 1000,
      );
  }

  log(line: string, error = false): void {
    this.logLine(`${this.identity}: ${line}`, error);
  }

  // ---- Booting

  /** Boots until accepted (a Pending or Rejected boot is tried again after the interval given), then reports. */
  private async boot(): Promise<void> {
    for (;;) {
      const answer = await this.bootNotification();
      if (answer.status === 'Accepted') break;
      this.log(`boot ${answer.status}, trying again`);
      await delay(Math.max(answer.interval, 10) * 1000);
      if (this.stopped) return;
    }
    if (!this.accepted) this.stats.booted += 1;
    this.accepted = true;
    this.link.ready();
    await this.sendStatuses();
  }

  private async reconnected(): Promise<void> {
    if (!this.accepted)
      return this.boot().catch((error: unknown) => this.link.fail(`boot failed: ${errorText(error)}`));
    this.log('reconnected');
    this.link.ready();
    await this.sendStatuses();
  }

  private async disconnect(reason: string): Promise<void> {
    clearInterval(this.heartbeat);
    if (this.accepted) this.stats.booted -= 1;
    this.accepted = false;
    await this.link.close(reason);
  }

  private async endSessions(reason: StopReason): Promise<void> {
    const sessions = [...this.running];
    if (!sessions.length) return;
    for (const connector of this.connectors) connector.session?.end(reason);
    await Promise.race([Promise.allSettled(sessions), delay(END_SESSIONS_MS, undefined, { ref: false })]);
  }
}

function definedOnly<T extends object>(options: T): Partial<T> {
  return Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined)) as Partial<T>;
}
