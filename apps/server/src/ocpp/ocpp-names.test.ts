import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import type { OcppCommandAction } from '@evcms/contracts/ocpp-commands';
import {
  OCPP_COMMAND_ACTIONS,
  OCPP_COMMAND_STATUSES,
  OCPP_ERROR_CODE_NAMES,
  OCPP_STOP_REASONS,
  OCPP_TRIGGER_MESSAGES,
} from '@evcms/contracts/ocpp-names';

/*
 * Every word a station may send where the back office shows it has a name in each language
 * (contracts/ocpp-names.ts), held to OCPP 1.6's official schemas: a word without one would reach
 * a Russian or Kyrgyz screen in English.
 */

interface Schema {
  $id: string;
  properties: Record<string, { enum?: string[] }>;
}
const official = createRequire(import.meta.url)('ocpp-rpc/lib/schemas/ocpp1_6.json') as Schema[];
const enumOf = (id: string, field: string) =>
  official.find((schema) => schema.$id === `urn:${id}`)!.properties[field]!.enum!;

describe('the names of OCPP words', () => {
  it('name every stop reason, error code and message a station can be asked for', () => {
    expect(Object.keys(OCPP_STOP_REASONS).sort()).toEqual([...enumOf('StopTransaction.req', 'reason')].sort());
    expect(Object.keys(OCPP_ERROR_CODE_NAMES).sort()).toEqual(
      [...enumOf('StatusNotification.req', 'errorCode')].sort(),
    );
    expect(Object.keys(OCPP_TRIGGER_MESSAGES).sort()).toEqual(
      [...enumOf('TriggerMessage.req', 'requestedMessage')].sort(),
    );
  });

  it('name every status a station answers the back office’s commands with', () => {
    const actions = Object.keys(OCPP_COMMAND_ACTIONS) as OcppCommandAction[];
    const statuses = new Set(
      actions.flatMap((action) => (action === 'GetConfiguration' ? [] : enumOf(`${action}.conf`, 'status'))),
    );
    expect([...statuses].sort()).toEqual(Object.keys(OCPP_COMMAND_STATUSES).sort());
  });
});
