import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { periodic, type Periodic } from '../../lib/periodic.ts';
import { deactivateEndedPromotions } from './promotions.service.ts';

/*
 * PRODUCT.md: a promotion whose end passes becomes inactive by itself. Reads already show it
 * inactive; this sweep, every minute, stores it so and tells the discounts (promotionsChanged).
 * A failed sweep is logged and the next one tries again.
 */

const SWEEP_MS = 60_000;

/** Started with the app, closed with it; `run` deactivates what has ended by now and answers their ids. */
export function createPromotionSweep(db: Db, log: FastifyBaseLogger, everyMs = SWEEP_MS): Periodic<number[]> {
  return periodic(
    async () => {
      const ids = await deactivateEndedPromotions({ db });
      if (ids.length) log.info({ promotions: ids }, 'promotions ended: deactivated');
      return ids;
    },
    { everyMs, log, failure: 'promotion sweep failed' },
  );
}
