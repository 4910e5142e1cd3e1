import { bannerTermsProblems } from '@evcms/contracts/banners';
import { STATUS_ACTIVE, STATUS_INACTIVE } from '@evcms/contracts/status';
import { describe, expect, it } from 'vitest';
import { activatesEnded, bannerValues, canDelete, isArchived, type Terms } from './banners.rules.ts';

const now = new Date('2026-06-01T00:00:00Z');
const past = new Date('2026-05-01T00:00:00Z');
const future = new Date('2026-07-01T00:00:00Z');

describe('the archive', () => {
  it('holds what is inactive or past its end; activating past the end is refused; only archived ones are deleted', () => {
    expect(isArchived({ status: STATUS_ACTIVE, endAt: future }, now)).toBe(false);
    expect(isArchived({ status: STATUS_INACTIVE, endAt: future }, now)).toBe(true);
    expect(isArchived({ status: STATUS_ACTIVE, endAt: now }, now)).toBe(true);
    expect(activatesEnded({ status: STATUS_ACTIVE, endAt: past }, now)).toBe(true);
    expect(activatesEnded({ status: STATUS_INACTIVE, endAt: past }, now)).toBe(false);
    expect(canDelete({ status: STATUS_ACTIVE, endAt: future }, now)).toBe(false);
    expect(canDelete({ status: STATUS_ACTIVE, endAt: past }, now)).toBe(true);
  });
});

describe('the fields of a type', () => {
  const terms = (overrides: Partial<Terms>): Terms => ({
    type: 'banner',
    name: 'A',
    crop: null,
    link: 'https://a.kg',
    merchantId: null,
    startAt: past,
    endAt: future,
    status: STATUS_ACTIVE,
    buttonName: 'Go',
    buttonColour: '#000000',
    category: 'main',
    destination: 'app',
    stationIds: [],
    ...overrides,
  });

  it('requires a banner’s button and a fullscreen’s category and destination, the end after the start', () => {
    expect(bannerTermsProblems(terms({ buttonName: null, endAt: past }))).toEqual([
      { field: 'button_name', message: 'field_blank' },
      { field: 'end_at', message: 'banner_end_before_start' },
    ]);
    expect(bannerTermsProblems(terms({ type: 'fullscreen', buttonName: null, destination: null }))).toEqual([
      { field: 'destination', message: 'field_blank' },
    ]);
  });

  it('stores none of the other type’s fields', () => {
    expect(bannerValues(terms({}))).toMatchObject({ category: null, destination: null, buttonName: 'Go' });
    expect(bannerValues(terms({ type: 'fullscreen' }))).toMatchObject({ buttonName: null, buttonColour: null });
  });
});
