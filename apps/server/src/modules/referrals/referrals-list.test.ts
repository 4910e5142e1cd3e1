import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Paged } from '@evcms/contracts/common';
import type { Referral } from '@evcms/contracts/referrals';
import { referrals } from '../../db/schema/referrals.ts';
import { aCharge } from '../../test/builders/charges.ts';
import { aDriver } from '../../test/builders/drivers.ts';
import { readCsv, readWorkbook, sheetValues } from '../../test/spreadsheets.ts';
import { useSignedInApp } from '../../test/test-app.ts';

/* /referrals/: the list with its filters, its export, and the bonuses' settings. */
const ctx = useSignedInApp();

function get(url: string, lang = 'en') {
  return ctx.app.inject({
    method: 'GET',
    url: `/api/v1/referrals/${url}`,
    headers: { ...ctx.auth, 'accept-language': lang },
  });
}

async function list(query: string) {
  const response = await get(query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Paged<Referral>>();
}

async function link(invitedId: number, code: string, linkedAt: Date) {
  const response = await ctx.app.inject({
    method: 'PUT',
    url: `/api/v1/users/${invitedId}/inviter/`,
    headers: ctx.auth,
    payload: { referral_code: code },
  });
  expect(response.statusCode).toBe(200);
  await ctx.database.db.update(referrals).set({ linkedAt }).where(eq(referrals.invitedDriverId, invitedId));
}

let ann: Awaited<ReturnType<typeof aDriver>>, ben: typeof ann, cat: typeof ann, dan: typeof ann;
let rewardedCharge: number;

beforeAll(async () => {
  ann = await aDriver(ctx.database, { surname: 'Ann', firstName: 'A', phone: '996555000001' });
  ben = await aDriver(ctx.database, { surname: 'Ben', firstName: 'B', balanceTyiyn: 1_000_000 });
  cat = await aDriver(ctx.database, { surname: 'Cat', firstName: 'C' });
  dan = await aDriver(ctx.database, { surname: 'Dan', firstName: 'D' });
  const put = await ctx.app.inject({
    method: 'PUT',
    url: '/api/v1/referrals/settings/',
    headers: ctx.auth,
    payload: { inviter_bonus: '100', invited_bonus: 50.5 },
  });
  expect(put.statusCode).toBe(200);
  // Ann invited Ben on 1 March 23:30 Bishkek (17:30 UTC), Ben invited Cat on 2 March; Ben charged.
  await link(ben.id, ann.referralCode, new Date('2025-03-01T17:30:00Z'));
  await link(cat.id, ben.referralCode, new Date('2025-03-01T18:30:00Z'));
  rewardedCharge = (await aCharge(ctx.database, { driverId: ben.id })).id;
});

describe('the referral list', () => {
  it('answers newest link first, with both drivers, status and the bonuses paid', async () => {
    const page = await list('');
    expect(page.total).toBe(2);
    expect(page.items[0]).toMatchObject({
      invited: { id: cat.id, name: 'Cat C' },
      inviter: { id: ben.id, name: 'Ben B' },
      linked_at: '2025-03-01T18:30:00.000Z',
      status: 'pending',
      inviter_bonus: null,
      rewarded_at: null,
      charge_id: null,
    });
    expect(page.items[1]).toMatchObject({
      invited: { id: ben.id },
      inviter: { id: ann.id, phone: '996555000001', account: ann.account },
      status: 'rewarded',
      inviter_bonus: 100,
      invited_bonus: 50.5,
      charge_id: rewardedCharge,
    });
    expect(page.items[1]!.rewarded_at).not.toBeNull();
  });

  it('filters by the linked day in Bishkek, by a driver on either side and by status', async () => {
    const invited = async (query: string) => (await list(query)).items.map((item) => item.invited.id);
    expect(await invited('?period__from=2025-03-02')).toEqual([cat.id]);
    expect(await invited('?period__to=2025-03-01')).toEqual([ben.id]);
    expect(await invited(`?driver=${ben.id}`)).toEqual([cat.id, ben.id]);
    expect(await invited(`?driver=${ann.id}`)).toEqual([ben.id]);
    expect(await invited(`?driver=${dan.id}`)).toEqual([]);
    expect(await invited('?status=rewarded')).toEqual([ben.id]);
    expect(await invited('?status=pending')).toEqual([cat.id]);
    expect(await invited('?status=')).toHaveLength(2);
    expect(await invited('?size=1&page=2')).toEqual([ben.id]);
  });

  it('refuses a malformed filter with a 400 naming it', async () => {
    const response = await get('?status=paid');
    expect(response.statusCode).toBe(400);
    expect(response.json().status).toEqual(['Select a valid choice']);
    expect((await get('?period__from=2025-13-01')).statusCode).toBe(400);
  });

  it('exports the filtered list as xlsx and as csv', async () => {
    const xlsx = await get('export/?status=rewarded');
    expect(xlsx.statusCode).toBe(200);
    const sheet = (await readWorkbook(xlsx.rawPayload)).getWorksheet('Referrals')!;
    const rows = sheetValues(sheet);
    expect(rows[0]).toEqual([
      'Inviter',
      "Inviter's phone",
      'Invited',
      "Invited driver's phone",
      'Linked',
      'Status',
      'Inviter bonus, som',
      'Invited bonus, som',
      'Rewarded',
      'Charge',
    ]);
    expect(rows).toHaveLength(2);
    expect(rows[1]!.slice(0, 4)).toEqual(['Ann A', '+996555000001', 'Ben B', `+${ben.phone}`]);
    const csv = await get('export/?format=csv', 'ru');
    const [header, ...lines] = readCsv(csv.rawPayload, ';');
    expect(header![0]).toBe('Пригласивший');
    expect(lines.map((line) => line[5])).toEqual(['Ожидает', 'Начислено']);
    expect(lines[1]![6]).toBe('100,00');
  });
});

describe('the bonus settings', () => {
  it('answers and changes both bonuses in som; 0 allowed', async () => {
    const put = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/referrals/settings/',
      headers: ctx.auth,
      payload: { inviter_bonus: 0, invited_bonus: '12.34' },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ inviter_bonus: 0, invited_bonus: 12.34 });
    expect((await get('settings/')).json()).toMatchObject({ inviter_bonus: 0, invited_bonus: 12.34 });
  });

  it('refuses blank, negative, too precise or too large amounts, naming the field', async () => {
    const put = (payload: object) =>
      ctx.app.inject({
        method: 'PUT',
        url: '/api/v1/referrals/settings/',
        headers: { ...ctx.auth, 'accept-language': 'en' },
        payload,
      });
    const answer = await put({ inviter_bonus: '', invited_bonus: -1 });
    expect(answer.statusCode).toBe(400);
    expect(Object.keys(answer.json()).sort()).toEqual(['invited_bonus', 'inviter_bonus']);
    expect((await put({ inviter_bonus: 1.234, invited_bonus: 1 })).json().inviter_bonus).toBeDefined();
    expect((await put({ inviter_bonus: 1, invited_bonus: 100_000.01 })).json().invited_bonus).toBeDefined();
    expect((await get('settings/')).json()).toMatchObject({ inviter_bonus: 0, invited_bonus: 12.34 });
  });
});
