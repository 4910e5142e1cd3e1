import { describe, expect, it } from 'vitest';
import { promotionCreateRequest, promotionUpdateRequest } from '@evcms/contracts/promotions';
import {
  activatesExpired,
  canDelete,
  created,
  isExpired,
  merged,
  promotionValues,
  shownStatus,
} from './promotions.rules.ts';

const now = new Date('2026-06-01T12:00:00Z');
const ended = { status: 0 as const, endAt: now };
const running = { status: 0 as const, endAt: new Date('2026-06-01T12:00:01Z') };

describe('the end of a promotion', () => {
  it('has come at its end instant, not a moment before', () => {
    expect(isExpired(ended, now)).toBe(true);
    expect(isExpired(running, now)).toBe(false);
  });

  it('shows an ended promotion inactive, whatever its stored status', () => {
    expect(shownStatus(ended, now)).toBe(1);
    expect(shownStatus(running, now)).toBe(0);
    expect(shownStatus({ ...running, status: 1 }, now)).toBe(1);
  });

  it('refuses activating an ended promotion only', () => {
    expect(activatesExpired(ended, now)).toBe(true);
    expect(activatesExpired({ ...ended, status: 1 }, now)).toBe(false);
    expect(activatesExpired(running, now)).toBe(false);
  });

  it('deletes what is not active as shown: inactive, or ended', () => {
    expect(canDelete(running, now)).toBe(false);
    expect(canDelete({ ...running, status: 1 }, now)).toBe(true);
    expect(canDelete(ended, now)).toBe(true);
  });
});

describe('a promotion as it will be stored', () => {
  const request = promotionCreateRequest.parse({
    title_ru: 'Акция',
    title_en: 'Promo',
    title_ky: 'Акция ky',
    initiator: 'merchant',
    merchant: '4',
    discount_percent: '12.5',
    stations: ['9', '3', '9'],
    start_at: '2026-01-01T00:00:00Z',
    end_at: '2026-02-01T00:00:00Z',
    crop: { pixels: { x: '1.25', y: '0', width: '160', height: '90' } },
  });
  const current = { ...created(request), id: 1, image: 'promotion-images/a.png', createdAt: now };

  it("keeps its stations once each, ascending, and its crop in the form's decimals", () => {
    expect(current).toMatchObject({
      stationIds: [3, 9],
      discountBasisPoints: 1250,
      crop: { pixels: { x: 1.25, y: 0, width: 160, height: 90 } },
    });
  });

  it('changes only what an update sends; null clears, a list replaces', () => {
    const next = merged(
      current,
      promotionUpdateRequest.parse({ title_en: 'New', discount_percent: null, stations: ['5'] }),
    );
    expect(next).toMatchObject({
      title: { ru: 'Акция', en: 'New', ky: 'Акция ky' },
      discountBasisPoints: null,
      stationIds: [5],
      merchantId: 4,
      endAt: current.endAt,
    });
  });

  it("stores a merchant only on a merchant's promotion", () => {
    expect(promotionValues(current).merchantId).toBe(4);
    expect(
      promotionValues(merged(current, promotionUpdateRequest.parse({ initiator: 'company' }))).merchantId,
    ).toBeNull();
  });
});
