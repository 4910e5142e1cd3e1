/*
 * OCPP-J's errors (OCPP-J 1.6 section 4.2.3): the CALLERROR codes, which fault is answered with
 * which (one table, FAULT_CODES), an error carrying a code, and the CALLERROR a failed call is
 * answered with. The schema validator (ocpp-schemas.ts) throws errors of the same shape
 * (`rpcErrorCode`, `details`), so either is read alike.
 */

/**
 * The codes OCPP-J 1.6 defines (table 7), spelled as it spells them: FormationViolation and
 * OccurenceConstraintViolation are typos its errata sheet (v1.0, section 5) keeps, since fixing them
 * would break implementations; 2.0.1 renamed the first, 2.1 the second.
 */
export const OCPP16_CODES = [
  'NotImplemented',
  'NotSupported',
  'InternalError',
  'ProtocolError',
  'SecurityError',
  'FormationViolation',
  'PropertyConstraintViolation',
  'OccurenceConstraintViolation',
  'TypeConstraintViolation',
  'GenericError',
] as const;
export type Ocpp16Code = (typeof OCPP16_CODES)[number];

const KNOWN: ReadonlySet<string> = new Set(OCPP16_CODES);
/** The later versions' spellings (and ocpp-rpc's), which a station may send: read as 1.6's. */
const ALIASES: Partial<Record<string, Ocpp16Code>> = {
  FormatViolation: 'FormationViolation',
  OccurrenceConstraintViolation: 'OccurenceConstraintViolation',
};

/**
 * Which code answers which fault, by the definitions of OCPP-J 1.6 section 4.2.3; rpc-errors.test.ts
 * has a case per row. A payload breaking its action's schema is named by the JSON-schema keyword the
 * validator (ajv) reports (`schema:<keyword>`).
 */
export const FAULT_CODES = {
  // The frame. Not JSON: "syntactically incorrect".
  'frame:notJson': 'FormationViolation',
  // No PDU of 1.6 nests near MAX_FRAME_DEPTH: not "the PDU structure".
  'frame:tooDeep': 'FormationViolation',
  'frame:notArray': 'FormationViolation',
  // 1.6 has no code of its own for it (2.0.1's MessageTypeNotSupported): the RPC framework's protocol broken.
  'frame:unknownMessageType': 'ProtocolError',
  // Not a string, or over the 36 characters of section 4.1.3.
  'frame:badMessageId': 'FormationViolation',
  'frame:badAction': 'FormationViolation',
  // A call without its payload: "Payload for Action is incomplete".
  'frame:incompleteCall': 'ProtocolError',
  // A call reusing the id of one still being answered (section 4.1.3: ids are unique per call).
  'frame:busyMessageId': 'ProtocolError',
  // A CALLRESULT or CALLERROR to no call of ours: logged, never answered.
  'frame:unaskedAnswer': 'ProtocolError',
  // The action: "not known by receiver", or "recognized but not supported" (a 1.6 action the central system does not take).
  'action:unknown': 'NotImplemented',
  'action:unsupported': 'NotSupported',
  // The payload against its schema. A field of the wrong type, or a date-time or URI that is none.
  'schema:type': 'TypeConstraintViolation',
  'schema:format': 'TypeConstraintViolation',
  // A field missing, or an array with too few items: "occurence constraints".
  'schema:required': 'OccurenceConstraintViolation',
  'schema:minItems': 'OccurenceConstraintViolation',
  // A field the PDU does not have: "not conform the PDU structure".
  'schema:additionalProperties': 'FormationViolation',
  // A field of the right type holding a value its definition does not allow: "an invalid value".
  'schema:enum': 'PropertyConstraintViolation',
  'schema:maxLength': 'PropertyConstraintViolation',
  'schema:multipleOf': 'PropertyConstraintViolation',
  // Any keyword the 1.6 schemas do not use today.
  'schema:other': 'FormationViolation',
  // Values the schema takes and the central system cannot: a text PostgreSQL cannot hold (NUL, an unpaired surrogate), a number no record holds.
  'value:unstorableText': 'PropertyConstraintViolation',
  'value:numberOutOfRange': 'PropertyConstraintViolation',
  // The central system's own failures: a handler that failed, or answered outside the schema.
  'ours:handlerFailed': 'InternalError',
  'ours:answerBrokeSchema': 'InternalError',
} as const satisfies Record<string, Ocpp16Code>;
export type Fault = keyof typeof FAULT_CODES;

/** A code as OCPP 1.6 spells it; one it does not have is GenericError ("any other error"). */
export function ocpp16Code(code: string): Ocpp16Code {
  return KNOWN.has(code) ? (code as Ocpp16Code) : (ALIASES[code] ?? 'GenericError');
}

export class OcppError extends Error {
  readonly rpcErrorCode: Ocpp16Code;
  readonly details: object;

  constructor(code: string, message = '', details: object = {}) {
    super(message);
    this.name = 'OcppError';
    this.rpcErrorCode = ocpp16Code(code);
    this.details = details;
  }
}

/** The error answering `fault`, with the code the table gives it. */
export function faultError(fault: Fault, message = '', details: object = {}): OcppError {
  return new OcppError(FAULT_CODES[fault], message, details);
}

/** The code a payload breaking its schema is answered with, by the keyword the validator names. */
export function schemaFaultCode(keyword: string): Ocpp16Code {
  const row = `schema:${keyword}`;
  return Object.hasOwn(FAULT_CODES, row) ? FAULT_CODES[row as Fault] : FAULT_CODES['schema:other'];
}

/** A call the station did not answer in time. */
export class CallTimeout extends Error {
  constructor() {
    super('Call timeout');
    this.name = 'CallTimeout';
  }
}

export function isOcppError(error: unknown): error is Error & { rpcErrorCode: string; details?: unknown } {
  return error instanceof Error && typeof (error as { rpcErrorCode?: unknown }).rpcErrorCode === 'string';
}

/**
 * What a CALLERROR may carry of a failure: its description and details can hold what the station
 * sent (a path of its keys, an action's name), and a frame may be 1 MiB; details that cannot be
 * written at all (too deep, cyclic) are sent empty, never thrown.
 */
export const MAX_DESCRIPTION = 255;
export const MAX_DETAILS = 1024;

const isHighSurrogate = (unit: number) => unit >= 0xd800 && unit <= 0xdbff;

function boundedDetails(details: unknown): string {
  if (details === null || typeof details !== 'object') return '{}';
  try {
    const text = JSON.stringify(details);
    return text.length <= MAX_DETAILS && text.startsWith('{') ? text : '{}';
  } catch {
    return '{}';
  }
}

/** The CALLERROR answering call `id` that failed with `error` (an error without a code is a GenericError); never throws. */
/** The OCPP-J 1.6 code a CALLERROR answers `error` with. */
export const callErrorCode = (error: unknown): Ocpp16Code =>
  isOcppError(error) ? ocpp16Code(error.rpcErrorCode) : 'GenericError';

export function callErrorFrame(id: string, error: unknown): string {
  const known = isOcppError(error);
  const code = callErrorCode(error);
  let description = error instanceof Error ? String(error.message) : '';
  if (description.length > MAX_DESCRIPTION) {
    // Never cut between the halves of a surrogate pair.
    const end = MAX_DESCRIPTION - (isHighSurrogate(description.charCodeAt(MAX_DESCRIPTION - 2)) ? 2 : 1);
    description = `${description.slice(0, end)}…`;
  }
  return `[4,${JSON.stringify(id)},"${code}",${JSON.stringify(description)},${known ? boundedDetails(error.details) : '{}'}]`;
}
