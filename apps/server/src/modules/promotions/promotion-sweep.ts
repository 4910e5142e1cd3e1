import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { deactivateEndedPromotions } from './promotions.service.ts';

/*
 * PRODUCT.md: a promotion whose end passes becomes inactive by itself. Reads already show it
 * inactive; this periodic sweep stores it so, and tells the discounts (promotionsChanged). A
 * failed sweep is logged and the next one tries again.
 */

export interface PromotionSweep {
  /** Deactivates what has ended by now; answers the promotions changed. */
  sweep(): Promise<number[]>;
  /** Stops sweeping and waits for a sweep under way. */
  close(): Promise<void>;
}

const SWEEP_MS = 60_000;

export function createPromotionSweep(db: Db, log: FastifyBaseLogger, everyMs = SWEEP_MS): PromotionSweep {
  let sweeping: Promise<number[]> = Promise.resolve([]);
  const sweepOnce = async () => {
    const ids = await deactivateEndedPromotions({ db });
    if (ids.length) log.info({ promotions: ids }, 'promotions ended: deactivated');
    return ids;
  };
  // One sweep after another, never two at once.
  const sweep = () => {
    sweeping = sweeping.then(sweepOnce, sweepOnce);
    return sweeping;
  };
  const timer = setInterval(() => {
    sweep().catch((error: unknown) => log.error({ err: error }, 'promotion sweep failed'));
  }, everyMs);
  timer.unref();
  return {
    sweep,
    async close() {
      clearInterval(timer);
      await sweeping.catch(() => undefined);
    },
  };
}
