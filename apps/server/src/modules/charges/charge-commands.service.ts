import type { Db } from '../../db/client.ts';
import { commandStation, type CommandAnswerRecord, type SendCommand } from '../stations/station-commands.service.ts';
import { markStopRequested } from './charge-lifecycle.service.ts';
import * as repo from './charges.repository.ts';
import { isRunning, needsPrepaidStop } from './charges.rules.ts';

/* Commands about a charge: the back office's stop (OCPP RemoteStopTransaction to the charge's station). */

export interface ChargeCommandsDeps {
  db: Db;
  command: SendCommand;
}

/**
 * POST /users/transactions/stop/: a charging or paused charge is stopped by its station. The
 * stop request is marked before the command goes out, not after the station accepts: a station
 * sends its StopTransaction right after accepting, and that stop must already find the request to
 * count as the back office's (status stopped). The mark only says a stop was asked for; the charge
 * ends when the station reports it. A charge unknown, already ended, or not yet started on the
 * station (initiated: the station has no transaction to stop) is a failure, as the spec answers it.
 */
export async function stopCharge(deps: ChargeCommandsDeps, chargeId: number, managerId: number | null): Promise<CommandAnswerRecord> {
  const charge = await repo.findChargeRow(deps.db, chargeId);
  if (!charge || charge.stationId === null) return refusal('unknown_charge');
  if (!isRunning(charge.status)) return refusal('charge_not_running');
  const marked = await markStopRequested(deps.db, chargeId);
  if (!isRunning(marked.status)) return refusal('charge_not_running');
  return commandStation(deps, charge.stationId, managerId, 'RemoteStopTransaction', { transactionId: charge.id });
}

/** A meter reading's outcome (recordMeterProgress's answer, or advanceMeter's row): the updated row tells the amount and the balance. */
export interface PrepaidProgress {
  applied: boolean;
  charge: Pick<repo.ChargeRow, 'id' | 'status' | 'stopRequestedAt' | 'amountTyiyn' | 'driverId'>;
  driverBalanceTyiyn: number | null;
}

/**
 * Prepaid protection (issue 12): after a meter reading, a charge whose running amount has reached
 * its driver's balance is stopped by the central system itself (no manager in the audit). Null
 * when the charge may go on; deciding so takes no query.
 */
export async function protectPrepaid(deps: ChargeCommandsDeps, progress: PrepaidProgress): Promise<CommandAnswerRecord | null> {
  if (!progress.applied || !needsPrepaidStop(progress.charge, progress.driverBalanceTyiyn)) return null;
  return stopCharge(deps, progress.charge.id, null);
}

function refusal(outcome: 'unknown_charge' | 'charge_not_running'): CommandAnswerRecord {
  return { outcome, status: null, commandId: null, response: null };
}
