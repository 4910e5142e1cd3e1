/*
 * OCPP-J's errors (OCPP 1.6J section 4.2.3): the CALLERROR codes, an error carrying one, and the
 * CALLERROR a failed call is answered with. The schema validator (ocpp-schemas.ts, ocpp-rpc's)
 * throws errors of the same shape (`rpcErrorCode`, `details`), so either is read alike.
 */

/** The codes OCPP 1.6J's CALLERROR may carry; a station's other codes are read as GenericError. */
const CODES = new Set([
  'NotImplemented',
  'NotSupported',
  'InternalError',
  'ProtocolError',
  'SecurityError',
  'FormationViolation',
  'PropertyConstraintViolation',
  'OccurrenceConstraintViolation',
  'TypeConstraintViolation',
  'GenericError',
  // Spelled as OCPP 2.0.1J and the 1.6 schemas' validator spell them; sent in 1.6's spelling (errata v1.0, section 5).
  'FormatViolation',
  'OccurenceConstraintViolation',
  // OCPP 2.0.1J's, which a station may send and the framing itself uses.
  'MessageTypeNotSupported',
  'RpcFrameworkError',
]);

const OCPP16_SPELLING: Record<string, string> = {
  FormatViolation: 'FormationViolation',
  OccurenceConstraintViolation: 'OccurrenceConstraintViolation',
};

export class OcppError extends Error {
  readonly rpcErrorCode: string;
  readonly details: object;

  constructor(code: string, message = '', details: object = {}) {
    super(message);
    this.name = 'OcppError';
    this.rpcErrorCode = CODES.has(code) ? code : 'GenericError';
    this.details = details;
  }
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

/** The CALLERROR answering call `id` that failed with `error` (an error without a code is a GenericError). */
export function callErrorFrame(id: string, error: unknown): string {
  const known = isOcppError(error);
  const code = known ? error.rpcErrorCode : 'GenericError';
  const details = known && error.details !== null && typeof error.details === 'object' ? error.details : {};
  const description = error instanceof Error ? error.message : '';
  return JSON.stringify([4, id, OCPP16_SPELLING[code] ?? code, description, details]);
}
