import { pageParams } from './query.ts';
import { z } from './schema.ts';

/*
 * The station card's log of recent OCPP frames, both ways (GET /stations/{id}/ocpp/messages/):
 * newest first, kept for the configured number of days (OCPP_MESSAGE_LOG_DAYS).
 */

export const OCPP_MESSAGE_DIRECTIONS = ['in', 'out'] as const;
export const OCPP_MESSAGE_KINDS = ['call', 'result', 'error'] as const;

export const ocppMessageListQuery = z.object({ ...pageParams });
export type OcppMessageListQuery = z.output<typeof ocppMessageListQuery>;

export const ocppMessage = z.object({
  id: z.number(),
  at: z.string(),
  /** in: from the charge point; out: from the central system. */
  direction: z.enum(OCPP_MESSAGE_DIRECTIONS),
  kind: z.enum(OCPP_MESSAGE_KINDS),
  message_id: z.string(),
  /** The call's action; for an answer, the action of the call it answers when known. */
  action: z.nullable(z.string()),
  payload: z.unknown(),
});
export type OcppMessage = z.infer<typeof ocppMessage>;
