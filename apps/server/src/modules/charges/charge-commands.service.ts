import type { Db } from '../../db/client.ts';
import { conflict } from '../../lib/errors.ts';
import { isStationOnline } from '../stations/station-ocpp.service.ts';
import {
  findLastChargeCommand,
  recordChargeCommand,
  sendRecordedCommand,
  type CommandAnswerRecord,
  type SendCommand,
} from '../stations/station-commands.service.ts';
import * as repo from './charges.repository.ts';
import { isRunning, needsPrepaidStop, stopStep } from './charges.rules.ts';

/* Commands about a charge: the back office's stop (OCPP RemoteStopTransaction to the charge's station). */

export interface ChargeCommandsDeps {
  db: Db;
  command: SendCommand;
  /** How long a station has to answer a command (OCPP_COMMAND_TIMEOUT); 30 s unless told. */
  commandTimeoutMs?: number;
}

const DEFAULT_COMMAND_TIMEOUT_MS = 30_000;

/**
 * POST /users/transactions/stop/: a charging or paused charge is stopped by its station. The
 * stop request is marked before the command goes out, not after the station accepts: a station
 * sends its StopTransaction right after accepting, and that stop must already find the request to
 * count as the back office's (status stopped). The mark only says a stop was asked for; the charge
 * ends when the station reports it. A charge unknown, already ended, or not yet started on the
 * station (initiated: the station has no transaction to stop) is a failure, as the spec answers it.
 * One stop at a time goes to the station (charges.rules.ts stopStep): another asked meanwhile is a
 * 409, in every process, since the charge's row is locked while its last stop is read and the new
 * one recorded.
 */
export async function stopCharge(
  deps: ChargeCommandsDeps,
  chargeId: number,
  managerId: number | null,
): Promise<CommandAnswerRecord> {
  const answer = await requestStop(deps, chargeId, managerId);
  if (answer === 'under_way') throw conflict('charge_stop_under_way');
  return answer;
}

async function requestStop(
  deps: ChargeCommandsDeps,
  chargeId: number,
  managerId: number | null,
): Promise<CommandAnswerRecord | 'under_way'> {
  const timeoutMs = deps.commandTimeoutMs ?? DEFAULT_COMMAND_TIMEOUT_MS;
  const claimed = await deps.db.transaction(async (tx) => {
    const charge = await repo.findChargeRow(tx, chargeId, { forUpdate: true });
    if (!charge || charge.stationId === null) return refusal('unknown_charge');
    if (!isRunning(charge.status)) return refusal('charge_not_running');
    const last = await findLastChargeCommand(tx, chargeId, 'RemoteStopTransaction');
    const now = new Date();
    const step = stopStep(
      last,
      last?.outcome === 'offline' && (await isStationOnline(tx, charge.stationId)),
      now,
      timeoutMs,
    );
    if (step === 'under_way') return step;
    // Nothing changed since the last found the station offline: the same answer, nothing recorded.
    if (step === 'offline')
      return { outcome: 'offline', status: null, commandId: last!.id, response: null } satisfies CommandAnswerRecord;
    if (charge.stopRequestedAt === null) await repo.updateCharge(tx, chargeId, { stopRequestedAt: now });
    const command = await recordChargeCommand(tx, chargeId, charge.stationId, managerId, 'RemoteStopTransaction', {
      transactionId: chargeId,
    });
    return command ?? refusal('unknown_charge');
  });
  return typeof claimed === 'object' && 'stationId' in claimed ? sendRecordedCommand(deps, claimed) : claimed;
}

/** A meter reading's outcome (recordMeterProgress's answer, or advanceMeter's row): the updated row tells the amount and the balance. */
export interface PrepaidProgress {
  applied: boolean;
  charge: Pick<repo.ChargeRow, 'id' | 'status' | 'stopRequestedAt' | 'amountTyiyn' | 'discountTyiyn' | 'driverId'>;
  driverBalanceTyiyn: number | null;
}

/**
 * Prepaid protection (issue 12): after a meter reading, a charge whose running amount has reached
 * its driver's balance is stopped by the central system itself (no manager in the audit). Null
 * when the charge may go on, or a stop of it is already under way; deciding so takes no query.
 */
export async function protectPrepaid(
  deps: ChargeCommandsDeps,
  progress: PrepaidProgress,
): Promise<CommandAnswerRecord | null> {
  if (!progress.applied || !needsPrepaidStop(progress.charge, progress.driverBalanceTyiyn)) return null;
  const answer = await requestStop(deps, progress.charge.id, null);
  return answer === 'under_way' ? null : answer;
}

function refusal(outcome: 'unknown_charge' | 'charge_not_running'): CommandAnswerRecord {
  return { outcome, status: null, commandId: null, response: null };
}
