import { describe, expect, it } from 'vitest';
import { connectPair, type Pair } from '../../test/station-socket-pair.ts';
import { checkId } from '../ocpp-numbers.ts';
import { checkStorableTexts } from '../ocpp-texts.ts';
import { callErrorFrame, FAULT_CODES, OcppError, schemaFaultCode, type Fault } from './rpc-errors.ts';

/*
 * Every row of FAULT_CODES, each with the code OCPP-J 1.6 section 4.2.3 defines for it written out
 * here (not read from the table), seen in the frame the station gets; `Record<Fault, Row>` makes a
 * row without a case fail the typecheck.
 */

type Observed = { id?: unknown; code: unknown };
interface Row {
  /** What the station is answered (its id too, when it has one), or what the central system records. */
  expected: Observed;
  observe(pair: Pair): Promise<Observed>;
}

const boot = { chargePointVendor: 'Alfen', chargePointModel: 'Eve' };
const status = { connectorId: 1, errorCode: 'NoError', status: 'Available', timestamp: '2026-11-25T10:00:00Z' };

let releaseSlow = () => {};
/** Handles the calls of the table's cases the way the central system's handlers fail. */
async function handle(action: string, payload: unknown): Promise<object> {
  const params = payload as Record<string, unknown>;
  if (action === 'DataTransfer') {
    await new Promise<void>((resolve) => (releaseSlow = resolve));
    return { status: 'Accepted' };
  }
  if (action === 'StatusNotification') {
    checkId('connectorId', params.connectorId as number);
    return {};
  }
  if (action === 'Heartbeat') return { currentTime: '2026-11-25T10:00:00Z' };
  if (action === 'Authorize') return { idTagInfo: { status: 'Accepted' } };
  if (params.chargePointVendor === 'fail') throw new Error('database down');
  checkStorableTexts(payload);
  // BootNotification.conf's currentTime is a date-time: this answer breaks the schema.
  return {
    status: 'Accepted',
    currentTime: params.chargePointVendor === 'bad answer' ? 'now' : '2026-11-25T10:00:00Z',
    interval: 60,
  };
}

/** The answer to the frame `sent` (text, or a value to write as JSON). */
async function answerTo({ station, next }: Pair, sent: string | unknown[]): Promise<Observed> {
  station.send(typeof sent === 'string' ? sent : JSON.stringify(sent));
  const [type, id, code] = await next();
  expect(type).toBe(4);
  return { id, code };
}

/** The code of a call of ours that failed, to the audit (our call broke its schema, or the station's answer did). */
async function callFailure(pair: Pair, action: string, payload: object, answer?: object): Promise<Observed> {
  const call = pair.socket.call(action, payload, 5_000).catch((error: { rpcErrorCode: unknown }) => error);
  if (answer) pair.station.send(JSON.stringify([3, (await pair.next())[1], answer]));
  return { code: ((await call) as { rpcErrorCode: unknown }).rpcErrorCode };
}

const ROWS: Record<Fault, Row> = {
  'frame:notJson': {
    expected: { id: '-1', code: 'FormationViolation' },
    observe: (pair) => answerTo(pair, '[2,"a","Heartbeat",{}'),
  },
  'frame:tooDeep': {
    expected: { id: 'deep', code: 'FormationViolation' },
    observe: (pair) => answerTo(pair, `[2,"deep","Heartbeat",{"x":${'['.repeat(40)}${']'.repeat(40)}}]`),
  },
  'frame:notArray': {
    expected: { id: '-1', code: 'FormationViolation' },
    observe: (pair) => answerTo(pair, '{"id":"a"}'),
  },
  'frame:unknownMessageType': {
    expected: { id: 'p7', code: 'ProtocolError' },
    observe: (pair) => answerTo(pair, [5, 'p7', {}]),
  },
  'frame:badMessageId': {
    expected: { id: '-1', code: 'FormationViolation' },
    observe: async (pair) => {
      // A GUID's 36 characters are the most (section 4.1.3); 37 are refused, as is an id that is no string.
      expect(await answerTo(pair, [2, 7, 'Heartbeat', {}])).toEqual({ id: '-1', code: 'FormationViolation' });
      pair.station.send(JSON.stringify([2, 'i'.repeat(36), 'Heartbeat', {}]));
      expect((await pair.next()).slice(0, 2)).toEqual([3, 'i'.repeat(36)]);
      return answerTo(pair, [2, 'i'.repeat(37), 'Heartbeat', {}]);
    },
  },
  'frame:badAction': {
    expected: { id: 'm', code: 'FormationViolation' },
    observe: (pair) => answerTo(pair, [2, 'm', 5, {}]),
  },
  'frame:incompleteCall': {
    expected: { id: 'i', code: 'ProtocolError' },
    observe: (pair) => answerTo(pair, [2, 'i', 'Heartbeat']),
  },
  'frame:busyMessageId': {
    expected: { id: 'same', code: 'ProtocolError' },
    observe: async (pair) => {
      pair.station.send(JSON.stringify([2, 'same', 'DataTransfer', { vendorId: 'v' }]));
      const refused = await answerTo(pair, [2, 'same', 'DataTransfer', { vendorId: 'v' }]);
      releaseSlow();
      expect((await pair.next()).slice(0, 2)).toEqual([3, 'same']);
      return refused;
    },
  },
  'frame:unaskedAnswer': {
    // Never answered: what the log records.
    expected: { code: 'ProtocolError' },
    observe: async (pair) => {
      pair.station.send(JSON.stringify([3, 'nobody-asked', {}]));
      pair.station.send(JSON.stringify([2, 'h', 'Heartbeat', {}]));
      expect((await pair.next()).slice(0, 2)).toEqual([3, 'h']);
      return { code: (pair.events.unreadable[0] as OcppError).rpcErrorCode };
    },
  },
  'action:unknown': {
    expected: { id: 't', code: 'NotImplemented' },
    observe: (pair) => answerTo(pair, [2, 't', 'Teleport', {}]),
  },
  // Reset is 1.6's, but the central system's to send.
  'action:unsupported': {
    expected: { id: 'r', code: 'NotSupported' },
    observe: (pair) => answerTo(pair, [2, 'r', 'Reset', { type: 'Soft' }]),
  },
  'schema:type': {
    expected: { id: 's', code: 'TypeConstraintViolation' },
    observe: (pair) => answerTo(pair, [2, 's', 'BootNotification', { ...boot, chargePointVendor: 12 }]),
  },
  'schema:format': {
    expected: { id: 's', code: 'TypeConstraintViolation' },
    observe: (pair) => answerTo(pair, [2, 's', 'StatusNotification', { ...status, timestamp: 'yesterday' }]),
  },
  'schema:required': {
    expected: { id: 's', code: 'OccurenceConstraintViolation' },
    observe: (pair) => answerTo(pair, [2, 's', 'BootNotification', { chargePointVendor: 'Alfen' }]),
  },
  'schema:minItems': {
    // Only a station's answer has such a rule in 1.6 (an empty certificateHashData).
    expected: { code: 'OccurenceConstraintViolation' },
    observe: (pair) =>
      callFailure(
        pair,
        'GetInstalledCertificateIds',
        { certificateType: 'CentralSystemRootCertificate' },
        { status: 'Accepted', certificateHashData: [] },
      ),
  },
  'schema:additionalProperties': {
    expected: { id: 's', code: 'FormationViolation' },
    observe: (pair) => answerTo(pair, [2, 's', 'BootNotification', { ...boot, colour: 'red' }]),
  },
  'schema:enum': {
    expected: { id: 's', code: 'PropertyConstraintViolation' },
    observe: (pair) => answerTo(pair, [2, 's', 'StatusNotification', { ...status, status: 'Resting' }]),
  },
  'schema:maxLength': {
    expected: { id: 's', code: 'PropertyConstraintViolation' },
    observe: (pair) => answerTo(pair, [2, 's', 'Authorize', { idTag: 'T'.repeat(21) }]),
  },
  'schema:multipleOf': {
    // Only the central system's charging profiles have such a rule (a limit in tenths).
    expected: { code: 'PropertyConstraintViolation' },
    observe: (pair) =>
      callFailure(pair, 'SetChargingProfile', {
        connectorId: 1,
        csChargingProfiles: {
          chargingProfileId: 1,
          stackLevel: 0,
          chargingProfilePurpose: 'TxDefaultProfile',
          chargingProfileKind: 'Relative',
          chargingSchedule: { chargingRateUnit: 'A', chargingSchedulePeriod: [{ startPeriod: 0, limit: 16.25 }] },
        },
      }),
  },
  'schema:other': {
    // No 1.6 schema uses another keyword today: what one added would be answered.
    expected: { code: 'FormationViolation' },
    observe: async () => ({ code: schemaFaultCode('const') }),
  },
  'value:unstorableText': {
    expected: { id: 'n', code: 'PropertyConstraintViolation' },
    observe: async (pair) => {
      expect(await answerTo(pair, [2, 'u', 'BootNotification', { ...boot, chargePointModel: 'E\ud800ve' }])).toEqual({
        id: 'u',
        code: 'PropertyConstraintViolation',
      });
      return answerTo(pair, [2, 'n', 'BootNotification', { ...boot, chargePointModel: 'E\u0000ve' }]);
    },
  },
  'value:numberOutOfRange': {
    expected: { id: 'c', code: 'PropertyConstraintViolation' },
    observe: (pair) => answerTo(pair, [2, 'c', 'StatusNotification', { ...status, connectorId: -1 }]),
  },
  'ours:handlerFailed': {
    expected: { id: 'f', code: 'InternalError' },
    observe: (pair) => answerTo(pair, [2, 'f', 'BootNotification', { ...boot, chargePointVendor: 'fail' }]),
  },
  'ours:answerBrokeSchema': {
    expected: { id: 'b', code: 'InternalError' },
    observe: (pair) => answerTo(pair, [2, 'b', 'BootNotification', { ...boot, chargePointVendor: 'bad answer' }]),
  },
};

describe('the CALLERROR codes of OCPP-J 1.6, a case per row of FAULT_CODES', () => {
  it.each(Object.entries(ROWS))('%s', async (_fault, row) => {
    const pair = await connectPair({
      actions: new Set(['Heartbeat', 'BootNotification', 'StatusNotification', 'Authorize', 'DataTransfer']),
      handle,
    });
    expect(await row.observe(pair)).toEqual(row.expected);
  });

  it('has a case for every row', () => {
    expect(Object.keys(ROWS).sort()).toEqual(Object.keys(FAULT_CODES).sort());
  });
});

describe('codes a station sends', () => {
  it('are read in 1.6’s spelling: the later versions’ names as theirs, one OCPP does not have as GenericError', () => {
    expect(new OcppError('OccurrenceConstraintViolation').rpcErrorCode).toBe('OccurenceConstraintViolation');
    expect(new OcppError('FormatViolation').rpcErrorCode).toBe('FormationViolation');
    expect(new OcppError('RpcFrameworkError').rpcErrorCode).toBe('GenericError');
    expect(new OcppError('Exploded').rpcErrorCode).toBe('GenericError');
    // An error of another library's, carrying a later version's name, is sent in 1.6's.
    const foreign = Object.assign(new Error('m'), { rpcErrorCode: 'OccurrenceConstraintViolation' });
    expect(JSON.parse(callErrorFrame('x', foreign))).toEqual([4, 'x', 'OccurenceConstraintViolation', 'm', {}]);
  });
});
