import { z } from './schema.ts';

/*
 * GET /api/v1/events/ (server-sent events): what changed, so open screens refetch it. Changes are
 * gathered for a moment and sent together, one `change` event at a time; a screen refetches what
 * it shows of them rather than patching itself from the event.
 */

/** Past this many stations in one event the list says `all_stations` instead. */
export const LIVE_STATIONS_MAX = 100;

export const liveChange = z.object({
  /** Stations whose link, boot, connector statuses or charges changed. */
  stations: z.array(z.number()),
  /** More stations changed than `stations` lists. */
  all_stations: z.boolean(),
  /** A charge started, progressed or ended. */
  charges: z.boolean(),
});
export type LiveChange = z.infer<typeof liveChange>;
