import { describe, expect, it } from 'vitest';
import { CHARGE_STATUS_KEYS, CHARGE_STATUSES, chargeListQuery, PAYMENT_METHODS } from './charges.ts';
import { LANGUAGES } from './i18n.ts';
import { issueMessage } from './schema.ts';

type Result = { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } };

function errors(result: Result): Record<string, string[]> {
  const body: Record<string, string[]> = {};
  for (const issue of result.error?.issues ?? []) (body[issue.path.join('.')] ??= []).push(issueMessage(issue, 'en'));
  return body;
}

describe('the charge list query', () => {
  it('reads station ids and statuses as comma lists or repeated parameters, empty parts dropped', () => {
    expect(chargeListQuery.parse({ station_id__in: ['1', '2, 3,'], status: 'finished,stopped' })).toMatchObject({
      station_id__in: [1, 2, 3],
      status: ['finished', 'stopped'],
    });
    const empty = chargeListQuery.parse({ station_id__in: '', status: ' , ' });
    expect([empty.station_id__in, empty.status]).toEqual([undefined, undefined]);
    const none = chargeListQuery.parse({});
    expect([none.station_id__in, none.status, none.search_by_tx_id]).toEqual([undefined, undefined, undefined]);
  });

  it('names the parameter of a malformed value', () => {
    expect(errors(chargeListQuery.safeParse({ station_id__in: '1,x' }))).toEqual({
      station_id__in: ['Enter a whole number'],
    });
    expect(errors(chargeListQuery.safeParse({ status: 'finished,done' }))).toEqual({
      status: ['Select a valid choice'],
    });
    expect(
      errors(chargeListQuery.safeParse({ station_id__in: Array.from({ length: 1001 }, (_, n) => n + 1).join(',') })),
    ).toEqual({
      station_id__in: ['Ensure this value is less than or equal to 1000'],
    });
    expect(
      errors(chargeListQuery.safeParse({ finished_time__from: '24:00:00', period__to: '2024-02-30' })),
    ).toMatchObject({
      finished_time__from: [expect.any(String)],
      period__to: ['Enter a date as YYYY-MM-DD'],
    });
  });

  it('names every status and payment method in every language', () => {
    expect(CHARGE_STATUS_KEYS).toHaveLength(8);
    for (const names of [...Object.values(CHARGE_STATUSES), ...Object.values(PAYMENT_METHODS)]) {
      for (const lang of LANGUAGES) expect(names[lang]).not.toBe('');
    }
  });
});
