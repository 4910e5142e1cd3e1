import { createRequire } from 'node:module';
import { createValidator } from 'ocpp-rpc';

/*
 * The official OCPP 1.6J JSON schemas, as ocpp-rpc ships them, with one loosening: inside a
 * meter value (MeterValues.req and StopTransaction.req's transactionData) a sampled value may
 * name a vendor's own measurand and carry fields of its own. Real charge points send both, and
 * refusing a whole meter report (or a StopTransaction, which would then be retried forever) for
 * one unknown sample loses the energy register beside it. Every other property of every frame is
 * checked as the schemas say.
 */

interface JsonSchema {
  $id?: string;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  additionalProperties?: boolean;
  [keyword: string]: unknown;
}

const official = createRequire(import.meta.url)('ocpp-rpc/lib/schemas/ocpp1_6.json') as JsonSchema[];

/** The meterValue items of `property`: open to extra fields, their sampled values to any measurand. */
function loosenMeterValues(schema: JsonSchema, property: string): void {
  const meterValue = schema.properties?.[property]?.items;
  const sampledValue = meterValue?.properties?.sampledValue?.items;
  if (!meterValue || !sampledValue?.properties?.measurand) throw new Error(`OCPP 1.6 schema ${schema.$id} has no ${property}.sampledValue.measurand`);
  delete meterValue.additionalProperties;
  delete sampledValue.additionalProperties;
  sampledValue.properties.measurand = { type: 'string' };
}

function ocpp16Schemas(): JsonSchema[] {
  const schemas = structuredClone(official);
  const byId = (id: string) => schemas.find((schema) => schema.$id === id)!;
  loosenMeterValues(byId('urn:MeterValues.req'), 'meterValue');
  loosenMeterValues(byId('urn:StopTransaction.req'), 'transactionData');
  return schemas;
}

/** ocpp-rpc's strict-mode validator for `ocpp1.6`, in place of its own. */
export const ocpp16Validator = createValidator('ocpp1.6', ocpp16Schemas());
