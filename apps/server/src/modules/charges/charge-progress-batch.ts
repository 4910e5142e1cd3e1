import type { Db } from '../../db/client.ts';
import { perDatabase } from '../../lib/prepared.ts';
import { batchedStatement } from '../../lib/statement-batches.ts';
import {
  findOpenMeterBases,
  updateMeterProgresses,
  type MeterBase,
  type ProgressedCharge,
  type ProgressValues,
} from './charge-progress.repository.ts';

/*
 * The MeterValues and StatusNotification statements of many stations run together
 * (lib/statement-batches.ts): meter readings of many charges applied in one statement, and the
 * open charges of many connectors read in one.
 */

const progressBatches = perDatabase((db) =>
  batchedStatement<ProgressValues, ProgressedCharge | undefined>({
    key: (values) => values.id,
    together: (batch) => updateMeterProgresses(db, batch),
  }),
);

/** The charge as the reading left it (undefined when its guard kept it as it was), in a statement shared with other charges' readings. */
export function updateMeterProgress(db: Db, values: ProgressValues): Promise<ProgressedCharge | undefined> {
  return progressBatches(db)(values);
}

interface Connector {
  stationId: number;
  connectorId: number;
}

const openReads = perDatabase((db) =>
  batchedStatement<Connector, MeterBase | undefined>({
    key: ({ stationId, connectorId }) => `${stationId}:${connectorId}`,
    together: (batch) => findOpenMeterBases(db, batch),
  }),
);

/** The connector's newest open charge, in a statement shared with other connectors' reads. */
export function findOpenMeterBase(db: Db, connector: Connector): Promise<MeterBase | undefined> {
  return openReads(db)(connector);
}
