import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { ocppProcesses, stationOcppState } from '../db/schema/ocpp.ts';
import { findStationOcpp } from '../modules/stations/station-ocpp.service.ts';
import { aConnectableStation, useChargePointApp } from '../test/charge-points.ts';

/* The stations of a server process that stopped saying it is alive (a crash) are marked offline by the others; a live one's stay online. */

const ctx = useChargePointApp();

const online = async (stationId: number) => (await findStationOcpp(ctx.database.db, stationId)).online;

/** A station another process holds: online in the database, that process last seen `secondsAgo`. */
async function heldElsewhere(processId: string, secondsAgo: number) {
  const station = await aConnectableStation(ctx);
  const seenAt = new Date(Date.now() - secondsAgo * 1000);
  await ctx.database.db
    .insert(ocppProcesses)
    .values({ id: processId, startedAt: seenAt, seenAt })
    .onConflictDoNothing();
  await ctx.database.db.insert(stationOcppState).values({
    stationId: station.id,
    online: true,
    connectionId: `${processId}-1`,
    processId,
    connectedAt: seenAt,
    lastSeenAt: seenAt,
  });
  return station;
}

describe('server processes’ liveness', () => {
  it('marks offline the stations of a process silent for long, keeps those of live processes and its own', async () => {
    const own = await aConnectableStation(ctx);
    await ctx.connect(own.identity);
    await vi.waitFor(async () => expect(await online(own.id)).toBe(true));
    const crashed = await heldElsewhere('crashed-process', 120);
    const alive = await heldElsewhere('live-process', 5);

    expect(await ctx.app.ocpp.checkProcesses()).toEqual([crashed.id]);
    expect([await online(own.id), await online(crashed.id), await online(alive.id)]).toEqual([true, false, true]);
    const [state] = await ctx.database.db.select().from(stationOcppState).where(eq(stationOcppState.stationId, own.id));
    expect(state!.processId).toEqual(expect.any(String));
    // The crashed process is forgotten; the live one and this one are kept.
    const processes = (await ctx.database.db.select().from(ocppProcesses)).map((row) => row.id);
    expect(processes).toEqual(expect.arrayContaining(['live-process', state!.processId]));
    expect(processes).not.toContain('crashed-process');
  });
});
