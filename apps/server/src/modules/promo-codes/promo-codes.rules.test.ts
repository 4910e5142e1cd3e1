import { describe, expect, it } from 'vitest';
import type { PromoCodeRecord } from './promo-codes.repository.ts';
import {
  batchLabel,
  changesRedeemedFields,
  driverMayRedeem,
  freshCodes,
  generatedCode,
  isExpired,
  refusalOf,
  remainingUses,
} from './promo-codes.rules.ts';

const code = (overrides: Partial<PromoCodeRecord> = {}): PromoCodeRecord => ({
  id: 1,
  code: 'SPRING',
  bonusTyiyn: 1000,
  validFrom: null,
  validTo: null,
  totalUses: null,
  usesPerDriver: 1,
  usedCount: 0,
  batch: null,
  status: 0,
  createdAt: new Date('2030-01-01T00:00:00Z'),
  ...overrides,
});
const now = new Date('2030-06-01T12:00:00Z');

describe('why a redemption was refused', () => {
  it('tells an unknown code (400), then inactive, not yet valid, expired, else used up', () => {
    expect(refusalOf(undefined, now)).toEqual({ status: 400, key: 'promo_code_unknown' });
    expect(refusalOf(code({ status: 1, validTo: now }), now).key).toBe('promo_code_inactive');
    expect(refusalOf(code({ validFrom: new Date('2030-06-02T00:00:00Z') }), now).key).toBe('promo_code_not_yet_valid');
    expect(refusalOf(code({ validTo: now }), now).key).toBe('promo_code_expired');
    expect(refusalOf(code({ totalUses: 3, usedCount: 3 }), now).key).toBe('promo_code_used_up');
  });

  it('counts the end as excluded, remaining uses as null when unlimited, the per-driver limit', () => {
    expect(isExpired(code({ validTo: new Date(now.getTime() + 1) }), now)).toBe(false);
    expect(isExpired(code({ validTo: now }), now)).toBe(true);
    expect(remainingUses(code())).toBeNull();
    expect(remainingUses(code({ totalUses: 10, usedCount: 4 }))).toBe(6);
    expect(driverMayRedeem(code({ usesPerDriver: 2 }), 1)).toBe(true);
    expect(driverMayRedeem(code({ usesPerDriver: 2 }), 2)).toBe(false);
  });
});

describe('editing a redeemed code', () => {
  it('refuses a new code text or bonus once used, but not the same values or other fields', () => {
    expect(changesRedeemedFields(code(), { bonus: 5 })).toBe(false);
    const used = code({ usedCount: 1 });
    expect(changesRedeemedFields(used, { bonus: 5 })).toBe(true);
    expect(changesRedeemedFields(used, { code: 'spring' })).toBe(true);
    expect(changesRedeemedFields(used, { code: 'SPRING', bonus: 1000, total_uses: 5 })).toBe(false);
  });
});

describe('generated codes', () => {
  it('are the prefix, a dash and 8 characters of the unambiguous alphabet', () => {
    let i = 0;
    expect(generatedCode('GO', () => i++)).toBe('GO-ABCDEFGH');
    expect(generatedCode('X', Math.floor.bind(null, 0) as never)).toMatch(/^X-A{8}$/);
  });

  it('skip codes taken in any case and repeats within the batch', () => {
    // A source that gives the same suffix twice, then others.
    const draws = [0, 0, 0, 1];
    let n = 0;
    const source = () => draws[Math.floor(n++ / 8) % draws.length]!;
    const codes = freshCodes('P', 2, new Set(['p-aaaaaaaa']), source);
    expect(codes).toEqual(['P-BBBBBBBB']);
  });

  it('labels a batch with its prefix and minute', () => {
    expect(batchLabel('SALE', new Date('2030-06-01T12:34:56Z'))).toBe('SALE 2030-06-01 18:34');
    // Past Bishkek's midnight: the next day there.
    expect(batchLabel('SALE', new Date('2030-06-01T18:05:00Z'))).toBe('SALE 2030-06-02 00:05');
  });
});
