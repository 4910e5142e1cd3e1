import type { AuthorizationStatus, StopReason } from './ocpp.ts';

/*
 * What a charge point tells whoever watches it (a benchmark's reconciliation, a test): its link
 * coming online (connected and booted) and going offline, and each transaction message the
 * central system answered, with what the charge point sent in it, as a station's own log keeps
 * them. `at` is the charge point's clock (epoch ms) when it saw the event.
 */

/** A StartTransaction answered: the central system gave the session this transactionId. */
export interface StartAcknowledged {
  type: 'started';
  connectorId: number;
  transactionId: number;
  idTag: string;
  meterStart: number;
  timestamp: string;
  idTagStatus: AuthorizationStatus;
}

/** A StopTransaction answered: the central system has the session's end. */
export interface StopAcknowledged {
  type: 'stopped';
  connectorId: number;
  transactionId: number;
  idTag: string;
  meterStop: number;
  timestamp: string;
  reason: StopReason;
}

export type TransactionAcknowledged = StartAcknowledged | StopAcknowledged;

export type ChargePointEvent = (TransactionAcknowledged | { type: 'online' | 'offline' }) & {
  identity: string;
  at: number;
};
