import { setTimeout as delay } from 'node:timers/promises';
import type { TransactionAcknowledged } from './events.ts';
import { readMeter, registerValue, sessionValue, type ChargeCurve, type MeterReading } from './meter.ts';
import {
  ocppTime,
  type AuthorizationStatus,
  type AuthorizeConfirmation,
  type ChargePointStatus,
  type StartTransactionConfirmation,
  type StopReason,
} from './ocpp.ts';
import type { Stats } from './stats.ts';

/*
 * One charging session on one connector, as OCPP 1.6 orders it: Authorize (unless the central
 * system started it remotely), Preparing, StartTransaction with the meter's register, Charging with
 * MeterValues every sample interval, then StopTransaction with the final register and the reason,
 * Finishing, and the connector idle again. The transaction's messages are retried after a lost
 * connection, as a charge point keeps them until the central system has them.
 */

export interface Connector {
  id: number;
  /** The meter's energy register, Wh: it carries on from one session to the next. */
  registerWh: number;
  /** False once ChangeAvailability made it Inoperative (applied when its session ends). */
  operative: boolean;
  status: ChargePointStatus;
  session?: Session;
}

export interface SessionPlan {
  idTag: string;
  seconds: number;
  powerW: number;
  /** Send Authorize first (a driver at the station); a remote start may skip it. */
  authorize: boolean;
  socStart: number;
  capacityWh: number;
}

export interface SessionOutcome {
  /** completed: stopped and confirmed; refused: the id tag was not accepted; failed: a call failed. */
  status: 'completed' | 'refused' | 'failed';
  transactionId?: number;
  idTagStatus?: AuthorizationStatus;
  reason?: StopReason;
  energyWh?: number;
  error?: string;
}

/** What a session needs of its charge point. */
export interface SessionHost {
  send<T>(action: string, payload: object, options?: { retry?: boolean }): Promise<T>;
  report(connector: Connector, status: ChargePointStatus): Promise<void>;
  /** The current MeterValueSampleInterval, ms (0: no periodic samples). */
  meterIntervalMs(): number;
  /** How long the connector shows Finishing (the driver unplugging), ms. */
  finishingMs(): number;
  /** The central system answered a transaction message: what it now holds of the session. */
  acknowledged(event: TransactionAcknowledged): void;
  readonly stats: Stats;
}

export class Session {
  transactionId?: number;
  curve?: ChargeCurve;
  /** Set by `end`: why the session is to stop. */
  stopReason?: StopReason;
  private wake?: () => void;

  constructor(
    readonly connector: Connector,
    readonly plan: SessionPlan,
  ) {}

  /** Asks the session to stop with `reason`: it sends StopTransaction as soon as its current call is answered. */
  end(reason: StopReason): void {
    this.stopReason ??= reason;
    this.wake?.();
  }

  reading(at = Date.now()): MeterReading {
    return this.curve
      ? readMeter(this.curve, at)
      : { registerWh: this.connector.registerWh, powerW: 0, socPercent: this.plan.socStart };
  }

  /** Waits `ms`, or less when `end` is called. */
  sleep(ms: number): Promise<void> {
    if (this.stopReason) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(() => this.wake?.(), ms);
      this.wake = () => {
        clearTimeout(timer);
        this.wake = undefined;
        resolve();
      };
    });
  }
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

export async function runSession(host: SessionHost, session: Session): Promise<SessionOutcome> {
  const { connector, plan } = session;
  const idle = (): ChargePointStatus => (connector.operative ? 'Available' : 'Unavailable');
  try {
    if (plan.authorize) {
      const { idTagInfo } = await host.send<AuthorizeConfirmation>('Authorize', { idTag: plan.idTag });
      if (idTagInfo.status !== 'Accepted') return { status: 'refused', idTagStatus: idTagInfo.status };
    }
    await host.report(connector, 'Preparing');
    const startedAt = Date.now();
    const meterStart = connector.registerWh;
    const start = { connectorId: connector.id, idTag: plan.idTag, meterStart, timestamp: ocppTime(startedAt) };
    let started: StartTransactionConfirmation;
    try {
      started = await host.send<StartTransactionConfirmation>('StartTransaction', start, { retry: true });
    } catch (error) {
      await host.report(connector, idle());
      return { status: 'failed', error: message(error) };
    }
    host.acknowledged({
      type: 'started',
      ...start,
      transactionId: started.transactionId,
      idTagStatus: started.idTagInfo.status,
    });
    session.transactionId = started.transactionId;
    session.curve = {
      startedAt,
      startWh: meterStart,
      powerW: plan.powerW,
      socStart: plan.socStart,
      capacityWh: plan.capacityWh,
    };
    const accepted = started.idTagInfo.status === 'Accepted';
    // StopTransactionOnInvalidId: a start the central system refused is stopped at once.
    if (!accepted) session.end('DeAuthorized');
    else await charge(host, session, startedAt + plan.seconds * 1000);

    const reason = session.stopReason ?? 'Local';
    const at = Date.now();
    const final = session.reading(at);
    connector.registerWh = final.registerWh;
    const outcome = { transactionId: started.transactionId, reason, energyWh: final.registerWh - meterStart };
    const stop = {
      transactionId: started.transactionId,
      idTag: plan.idTag,
      meterStop: final.registerWh,
      timestamp: ocppTime(at),
      reason,
    };
    try {
      const transactionData = [
        registerValue(meterStart, startedAt, 'Transaction.Begin'),
        sessionValue(final, at, 'Transaction.End'),
      ];
      await host.send('StopTransaction', { ...stop, transactionData }, { retry: true });
    } catch (error) {
      return { status: 'failed', ...outcome, error: message(error) };
    }
    host.acknowledged({ type: 'stopped', connectorId: connector.id, ...stop });
    await host.report(connector, 'Finishing');
    await delay(host.finishingMs());
    await host.report(connector, idle());
    if (!accepted) return { status: 'refused', ...outcome, idTagStatus: started.idTagInfo.status };
    host.stats.sessions += 1;
    return { status: 'completed', ...outcome };
  } catch (error) {
    return { status: 'failed', error: message(error) };
  }
}

/** Charging until the planned end or `end`: a MeterValues sample every interval. */
async function charge(host: SessionHost, session: Session, plannedEnd: number): Promise<void> {
  host.stats.charging += 1;
  try {
    await host.report(session.connector, 'Charging');
    while (!session.stopReason) {
      const interval = host.meterIntervalMs();
      const left = plannedEnd - Date.now();
      if (left <= 0) break;
      await session.sleep(interval > 0 ? Math.min(interval, left) : left);
      if (session.stopReason || Date.now() >= plannedEnd || interval <= 0) continue;
      const at = Date.now();
      await host
        .send('MeterValues', {
          connectorId: session.connector.id,
          transactionId: session.transactionId,
          meterValue: [sessionValue(session.reading(at), at, 'Sample.Periodic')],
        })
        .catch(() => undefined); // counted by send; the next sample carries on
    }
  } finally {
    host.stats.charging -= 1;
  }
}
