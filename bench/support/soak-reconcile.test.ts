import { describe, expect, it } from 'vitest';
import { reconcile, type Books, type ChargeRow } from './soak-reconcile.ts';

/*
 * The soak bench's reconciliation as plain logic: clean books pass, and each kind of discrepancy
 * is named and counted.
 */

const start = (transactionId: number, meterStart = 1_000) => ({
  identity: 'BENCH-00001',
  connectorId: 1,
  transactionId,
  idTag: 'TAG1',
  meterStart,
});
const stop = (transactionId: number, meterStop = 1_500) => ({ identity: 'BENCH-00001', transactionId, meterStop });
const charge = (id: number, fields: Partial<ChargeRow> = {}): ChargeRow => ({
  id,
  status: 'finished',
  identity: 'BENCH-00001',
  connectorId: 1,
  idTag: 'TAG1',
  meterStartWh: 1_000,
  meterStopWh: 1_500,
  consumedWh: 500,
  totalTyiyn: 600,
  ...fields,
});
const books = (fields: Partial<Books> = {}): Books => ({
  charges: [charge(1)],
  debits: [{ chargeId: 1, entries: 1, debitTyiyn: 600 }],
  drivers: [{ id: 1, balanceTyiyn: 9_400, ledgerTyiyn: 9_400, lastBalanceAfterTyiyn: 9_400 }],
  ...fields,
});

describe('the soak reconciliation', () => {
  it('finds nothing wrong when every acknowledged start and stop is in the books and the money adds up', () => {
    expect(reconcile({ starts: [start(1)], stops: [stop(1)] }, books())).toEqual({
      starts: 1,
      stops: 1,
      charges: 1,
      drivers: 1,
      problems: {},
      open: {},
    });
  });

  it('names a start or stop the database lost or holds otherwise', () => {
    const found = reconcile(
      { starts: [start(1), start(2), start(3, 7), start(3)], stops: [stop(1, 1_400), stop(4)] },
      books({
        charges: [charge(1), charge(3, { status: 'in_progress', meterStopWh: null, totalTyiyn: 0 })],
        debits: [{ chargeId: 1, entries: 1, debitTyiyn: 600 }],
      }),
    );
    expect(Object.fromEntries(Object.entries(found.problems).map(([kind, { count }]) => [kind, count]))).toEqual({
      'acknowledged start without its charge': 1,
      'acknowledged start unlike its charge': 1,
      'one transactionId acknowledged to two starts': 1,
      'acknowledged stop, another meter stop': 1,
      'acknowledged stop without its charge': 1,
    });
    expect(found.problems['acknowledged start without its charge']!.samples).toEqual([
      'transaction 2 (BENCH-00001 connector 1)',
    ]);
  });

  it('names a stop whose charge is not finished, or finished with other energy', () => {
    const found = reconcile(
      { starts: [start(1), start(2)], stops: [stop(1), stop(2)] },
      books({
        charges: [charge(1, { status: 'in_progress', totalTyiyn: 0 }), charge(2, { consumedWh: 499 })],
        debits: [{ chargeId: 2, entries: 1, debitTyiyn: 600 }],
      }),
    );
    expect(Object.keys(found.problems)).toEqual([
      'acknowledged stop, charge not finished',
      "acknowledged stop, energy not its meter stop's",
    ]);
  });

  it('names a charge debited twice, a finished one not debited its total, an open one debited, and a balance off its ledger', () => {
    const found = reconcile(
      { starts: [], stops: [] },
      books({
        charges: [charge(1), charge(2), charge(3, { status: 'in_progress' })],
        debits: [
          { chargeId: 1, entries: 2, debitTyiyn: 1_200 },
          { chargeId: 2, entries: 1, debitTyiyn: 500 },
          { chargeId: 3, entries: 1, debitTyiyn: 600 },
        ],
        drivers: [
          { id: 1, balanceTyiyn: 9_400, ledgerTyiyn: 8_800, lastBalanceAfterTyiyn: 9_400 },
          { id: 2, balanceTyiyn: 5_000, ledgerTyiyn: 5_000, lastBalanceAfterTyiyn: 4_000 },
        ],
      }),
    );
    expect(Object.keys(found.problems)).toEqual([
      'charge debited more than once',
      'finished charge not debited its total',
      'unfinished charge debited',
      'balance not the sum of the ledger',
      "balance not the last entry's balance after",
    ]);
  });

  it('counts the charges left open by why: a start the station never heard of, a stop never answered', () => {
    const found = reconcile(
      { starts: [start(2), start(3)], stops: [] },
      books({
        charges: [
          charge(1, { status: 'in_progress', totalTyiyn: 0 }),
          charge(2, { status: 'in_progress', totalTyiyn: 0 }),
          charge(3, { status: 'not_completed', totalTyiyn: 0 }),
        ],
        debits: [],
      }),
    );
    expect(found.problems).toEqual({});
    expect(Object.fromEntries(Object.entries(found.open).map(([why, { count }]) => [why, count]))).toEqual({
      "open: the station never had the start's answer": 1,
      "open: the station's stop was never answered": 1,
      "not completed: the station's stop was never answered": 1,
    });
  });
});
