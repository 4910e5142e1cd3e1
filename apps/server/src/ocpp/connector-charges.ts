import type { OcppConnectorStatus } from '@evcms/contracts/ocpp';
import { initiateCharge } from '../modules/charges/charge-start.service.ts';
import {
  cancelCharge,
  findOpenMeterBase,
  markChargeNotCompleted,
  setChargeSuspended,
} from '../modules/charges/charge-lifecycle.service.ts';
import type { OcppContext, StationLink } from './context.ts';

/*
 * What a connector's status means for its charge (PRODUCT.md 'Charge lifecycle'): Preparing opens
 * an initiated charge that StartTransaction will take, SuspendedEV/SuspendedEVSE pause a charging
 * one and Charging resumes it, and a connector back to Available with a charge that never started
 * cancels it. A connector Available or Preparing holds no transaction (OCPP 1.6): a charge still
 * running there was lost, as after a reboot, and is not completed (its StopTransaction, which a
 * station may deliver later from its queue, still completes and bills it); Preparing then opens
 * the next one. Any other status leaves the charge as it is: StopTransaction ends charges.
 */

export type ConnectorChargeStep = 'initiate' | 'pause' | 'resume' | 'cancel' | 'close' | 'replace' | 'none';

const isRunning = (open: { status: string } | null) => open?.status === 'in_progress' || open?.status === 'pause';

/** The step a reported status asks of the connector's open charge (none when it has none: `open` null). */
export function connectorChargeStep(status: OcppConnectorStatus, open: { status: string } | null): ConnectorChargeStep {
  switch (status) {
    case 'Preparing':
      return isRunning(open) ? 'replace' : open ? 'none' : 'initiate';
    case 'SuspendedEV':
    case 'SuspendedEVSE':
      return open?.status === 'in_progress' ? 'pause' : 'none';
    case 'Charging':
      return open?.status === 'pause' ? 'resume' : 'none';
    case 'Available':
      return open?.status === 'initiated' ? 'cancel' : isRunning(open) ? 'close' : 'none';
    default:
      return 'none';
  }
}

/** The statuses `connectorChargeStep` acts on: for the others no charge need be read. */
export const STEPPING_STATUSES: ReadonlySet<OcppConnectorStatus> = new Set<OcppConnectorStatus>([
  'Preparing',
  'SuspendedEV',
  'SuspendedEVSE',
  'Charging',
  'Available',
]);

/**
 * Applies the status to the connector's charge once `recorded` (the status's own write) is done;
 * answers whether a charge changed. The charge is read meanwhile, so a StatusNotification waits for
 * one statement's turn rather than two in a row; a status not recorded moves no charge.
 */
export async function followConnectorStatus(
  ctx: OcppContext,
  station: StationLink,
  connectorId: number,
  status: OcppConnectorStatus,
  recorded: Promise<void>,
): Promise<boolean> {
  if (connectorId === 0 || !STEPPING_STATUSES.has(status)) {
    await recorded;
    return false;
  }
  const [, found] = await Promise.all([
    recorded,
    findOpenMeterBase(ctx.telemetryDb ?? ctx.db, { stationId: station.stationId, ocppConnectorId: connectorId }),
  ]);
  const open = found ?? null;
  const step = connectorChargeStep(status, open);
  if (step === 'close' || step === 'replace') {
    const lost = await markChargeNotCompleted(ctx.db, open!.id);
    if (lost)
      ctx.log.info(
        { identity: station.identity, chargeId: lost.id, connectorId, status },
        'OCPP connector without its transaction: charge not completed',
      );
  }
  if (step === 'initiate' || step === 'replace')
    await initiateCharge(ctx.db, { stationId: station.stationId, ocppConnectorId: connectorId });
  else if (step === 'pause' || step === 'resume') await setChargeSuspended(ctx.db, open!.id, step === 'pause');
  else if (step === 'cancel') await cancelCharge(ctx.db, open!.id);
  return step !== 'none';
}
