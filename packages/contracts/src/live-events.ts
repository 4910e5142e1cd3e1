import { z } from './schema.ts';

/*
 * GET /api/v1/events/ (server-sent events): what changed, so open screens refetch it. Changes are
 * gathered for a moment and sent together, one `change` event per resource that changed; a screen
 * refetches what it shows of them rather than patching itself from the event. Each web feature
 * says which of its queries a resource's change refreshes (apps/web lib/live-refresh.ts): a new
 * domain adds its name here and publishes it, and nothing in between changes.
 */

/**
 * What a change can be about: `stations` (a link, a boot, a connector's status, a charge of theirs),
 * `charges` (one started, progressed or ended).
 */
export const LIVE_RESOURCES = ['stations', 'charges'] as const;
export type LiveResource = (typeof LIVE_RESOURCES)[number];

/**
 * Past this many ids of one resource in one event, the event says `ids: null` instead. The server's
 * processes pass a batch of every resource in one bus message of at most 7,900 bytes (its bus.ts).
 */
export const LIVE_IDS_MAX = 100;

export const liveChange = z.object({
  resource: z.enum(LIVE_RESOURCES),
  /** The records that changed; null when any of them may have (too many to list, or not known). */
  ids: z.nullable(z.array(z.number())),
});
export type LiveChange = z.infer<typeof liveChange>;
