import { createRequire } from 'node:module';
import type { createValidator } from 'ocpp-rpc';
import { isOcppError, OcppError, schemaFaultCode } from './rpc/rpc-errors.ts';
import type { SchemaValidator } from './rpc/station-socket.ts';

/*
 * The official OCPP 1.6J JSON schemas, as ocpp-rpc ships them, with one loosening: inside a
 * meter value (MeterValues.req and StopTransaction.req's transactionData) a sampled value may
 * name a vendor's own measurand and carry fields of its own. Real charge points send both, and
 * refusing a whole meter report (or a StopTransaction, which would then be retried forever) for
 * one unknown sample loses the energy register beside it. Every other property of every frame is
 * checked as the schemas say. A payload that breaks its schema is refused with the code OCPP-J 1.6
 * gives the first rule it breaks (rpc-errors.ts, FAULT_CODES), not ocpp-rpc's (which answers an
 * over-long id tag FormatViolation and an unknown field PropertyConstraintViolation), and the
 * error never carries the payload: ocpp-rpc's put it whole into the details a CALLERROR echoes.
 */

interface JsonSchema {
  $id?: string;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  additionalProperties?: boolean;
  [keyword: string]: unknown;
}

const require = createRequire(import.meta.url);
const official = require('ocpp-rpc/lib/schemas/ocpp1_6.json') as JsonSchema[];

/** The meterValue items of `property`: open to extra fields, their sampled values to any measurand. */
function loosenMeterValues(schema: JsonSchema, property: string): void {
  const meterValue = schema.properties?.[property]?.items;
  const sampledValue = meterValue?.properties?.sampledValue?.items;
  if (!meterValue || !sampledValue?.properties?.measurand)
    throw new Error(`OCPP 1.6 schema ${schema.$id} has no ${property}.sampledValue.measurand`);
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

const schemas = ocpp16Schemas();

type RpcValidator = ReturnType<typeof createValidator>;
let validator: RpcValidator | undefined;

/**
 * ocpp-rpc's validator, made at the first frame checked: loading it (ajv) and the package's index
 * (its client and server too) took a third of a second of every start (issue 34).
 */
function rpcValidator(): RpcValidator {
  if (!validator) {
    const rpc = require('ocpp-rpc/lib/validator.js') as { createValidator: typeof createValidator };
    validator = rpc.createValidator('ocpp1.6', schemas);
  }
  return validator;
}

/** Every action of OCPP 1.6 (those of the security extension in ocpp-rpc's schemas too). */
export const OCPP16_ACTIONS: ReadonlySet<string> = new Set(
  schemas.flatMap((schema) => /^urn:(\w+)\.req$/.exec(schema.$id ?? '')?.[1] ?? []),
);

interface AjvError {
  keyword?: unknown;
  instancePath?: unknown;
}

/** ocpp-rpc's error for a payload outside its schema, as the OcppError OCPP-J 1.6 answers it with. */
function schemaViolation(error: unknown): Error {
  if (!isOcppError(error)) return error instanceof Error ? error : new Error(String(error));
  const [first] = ((error.details as { errors?: AjvError[] } | undefined)?.errors ?? []) as AjvError[];
  // No keyword: not a payload check (a schema missing is ocpp-rpc's ProtocolError).
  if (typeof first?.keyword !== 'string') return new OcppError(error.rpcErrorCode, error.message);
  return new OcppError(schemaFaultCode(first.keyword), error.message, {
    keyword: first.keyword,
    path: String(first.instancePath ?? ''),
  });
}

/** ocpp-rpc's strict-mode validator for `ocpp1.6`, in place of its own, failing with OCPP-J 1.6's codes. */
export const ocpp16Validator: SchemaValidator = {
  validate(schemaId, payload) {
    try {
      return rpcValidator().validate(schemaId, payload);
    } catch (error) {
      throw schemaViolation(error);
    }
  },
};
