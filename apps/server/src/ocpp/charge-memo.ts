import { takesReadings, type MeterBase } from '../modules/charges/charge-lifecycle.service.ts';

/*
 * A connection's running charges as its first MeterValues read them (the charge's station, start
 * meter and price, which never change while it runs), so the following readings are one guarded
 * UPDATE each instead of a read and an update. The update checks the charge still runs from that
 * meter and price; a reading it leaves out forgets the charge, and the next one reads it again.
 */

/** A station runs a charge per connector: a few entries at most; past this the oldest goes. */
const MEMO_MAX = 16;

export interface ChargeMemo {
  get(transactionId: number): MeterBase | undefined;
  /** Kept only when it can take readings (running, with its start's meter and price). */
  remember(charge: MeterBase): void;
  forget(transactionId: number): void;
}

export function createChargeMemo(): ChargeMemo {
  const charges = new Map<number, MeterBase>();
  return {
    get: (transactionId) => charges.get(transactionId),
    remember(charge) {
      if (!takesReadings(charge)) return;
      if (charges.size >= MEMO_MAX && !charges.has(charge.id)) charges.delete(charges.keys().next().value!);
      charges.set(charge.id, charge);
    },
    forget: (transactionId) => void charges.delete(transactionId),
  };
}
