import { describe, expect, it } from 'vitest';
import { aConnectableStation, STATION_PASSWORD, useChargePointApp } from '../test/charge-points.ts';
import { multipartForm } from '../test/multipart.ts';

/* A connected charge point loses its socket when its station is deleted or given a new password or identity; other edits leave it. */

const ctx = useChargePointApp();

async function connected() {
  const station = await aConnectableStation(ctx);
  const client = await ctx.connect(station.identity);
  const closed = new Promise<{ code: number }>((resolve) => client.once('close', resolve));
  return { station, client, closed };
}

async function patch(id: number, fields: Record<string, string>) {
  const form = await multipartForm(fields);
  const response = await ctx.app.inject({
    method: 'PATCH',
    url: `/api/v1/stations/update/${id}/`,
    headers: { ...ctx.auth, ...form.headers },
    payload: form.payload,
  });
  expect(response.statusCode).toBe(200);
}

describe('a station’s link after its edits', () => {
  it('is kept through an edit of its name, and its own password sent again does close it', async () => {
    const { station, client, closed } = await connected();
    await patch(station.id, { name_en: 'Renamed', identity: station.identity });
    expect(await client.call('Heartbeat', {})).toHaveProperty('currentTime');
    await patch(station.id, { password: STATION_PASSWORD });
    expect((await closed).code).toBe(1008);
  });

  it('is closed when the station is deleted, and the charge point cannot come back', async () => {
    const { station, closed } = await connected();
    const response = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/stations/${station.id}/`,
      headers: ctx.auth,
    });
    expect(response.statusCode).toBe(204);
    expect((await closed).code).toBe(1008);
    await expect(ctx.connect(station.identity)).rejects.toMatchObject({ code: 401 });
  });
});
