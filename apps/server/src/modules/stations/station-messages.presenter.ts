import type { OcppMessage } from '@evcms/contracts/ocpp-messages';
import type { OcppMessageRow } from './station-messages.service.ts';

/** A station's OCPP frames as its card lists them. */

export function presentMessage(row: OcppMessageRow): OcppMessage {
  return {
    id: row.id,
    at: row.at.toISOString(),
    direction: row.direction,
    kind: row.kind,
    message_id: row.messageId,
    action: row.action,
    payload: row.payload,
  };
}
