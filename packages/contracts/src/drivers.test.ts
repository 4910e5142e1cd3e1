import { afterEach, describe, expect, it, vi } from 'vitest';
import { ageOn, isCalendarDate, localDate } from './dates.ts';
import { balanceEntryListQuery, balanceTopUpRequest } from './driver-balance.ts';
import { driverCreateRequest, driverListQuery, driverUpdateRequest, idTagCreateRequest } from './drivers.ts';
import { issueMessage } from './schema.ts';

type Result = { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } };

function errors(result: Result): Record<string, string[]> {
  const body: Record<string, string[]> = {};
  for (const issue of result.error?.issues ?? []) (body[issue.path.join('.')] ??= []).push(issueMessage(issue, 'en'));
  return body;
}

const valid = { surname: 'Asanov', first_name: 'Bakyt', phone: '+996 (555) 12-34-56' };

afterEach(() => {
  vi.useRealTimers();
});

describe('dates in Bishkek', () => {
  it('knows which days exist', () => {
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2023-02-29')).toBe(false);
    expect(isCalendarDate('2024-13-01')).toBe(false);
    expect(isCalendarDate('2024-1-01')).toBe(false);
  });

  it('reads the day in Bishkek (UTC+6), not in UTC', () => {
    expect(localDate(new Date('2024-03-01T17:59:59Z'))).toBe('2024-03-01');
    expect(localDate(new Date('2024-03-01T18:00:00Z'))).toBe('2024-03-02');
  });

  it('counts whole years, a 29 February birthday coming on 1 March', () => {
    expect(ageOn('1990-06-15', '2024-06-14')).toBe(33);
    expect(ageOn('1990-06-15', '2024-06-15')).toBe(34);
    expect(ageOn('2000-02-29', '2023-02-28')).toBe(22);
    expect(ageOn('2000-02-29', '2023-03-01')).toBe(23);
  });
});

describe('driver requests', () => {
  it('keeps the phone digits, leaves optional facts out and makes a driver unblocked', () => {
    expect(driverCreateRequest.parse(valid)).toEqual({
      surname: 'Asanov',
      first_name: 'Bakyt',
      phone: '996555123456',
      blocked: false,
    });
  });

  it('takes blank optional facts as none, and trims and lower-cases the email', () => {
    const parsed = driverCreateRequest.parse({
      ...valid,
      email: ' ',
      birthday: '',
      licence: '  ',
      car: { make: ' Tesla ', model: '' },
    });
    expect(parsed).toMatchObject({ email: null, birthday: null, licence: null, car: { make: 'Tesla', model: null } });
    expect(driverCreateRequest.parse({ ...valid, email: ' A@B.KG ' }).email).toBe('a@b.kg');
  });

  it('names each wrong field', () => {
    expect(errors(driverCreateRequest.safeParse({}))).toEqual({
      surname: ['Field cannot be blank'],
      first_name: ['Field cannot be blank'],
      phone: ['Enter your phone number'],
    });
    expect(
      errors(
        driverCreateRequest.safeParse({
          ...valid,
          phone: '12345',
          email: 'nope',
          gender: 'other',
          birthday: '2001-02-30',
          car: { year: 1850, make: 'x'.repeat(51) },
          licence: 7,
          blocked: 'yes',
          id_tag: 'has space',
        }),
      ),
    ).toEqual({
      phone: ['Please enter correct phone number format'],
      email: ['Your email address is not valid'],
      gender: ['Select a valid choice'],
      birthday: ['Enter a date as YYYY-MM-DD'],
      'car.year': ['Ensure this value is greater than or equal to 1900'],
      'car.make': ['Ensure this field has no more than 50 characters'],
      licence: ['Enter a valid value'],
      blocked: ['Enter a valid value'],
      id_tag: ['An id tag is 1 to 20 Latin letters, digits or symbols, without spaces'],
    });
  });

  it('refuses a birthday in the future or before 1900, and a car from after next year', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2024-03-01T18:30:00Z')); // 2 March 00:30 in Bishkek
    expect(driverCreateRequest.safeParse({ ...valid, birthday: '2024-03-02' }).success).toBe(true);
    expect(errors(driverCreateRequest.safeParse({ ...valid, birthday: '2024-03-03' }))).toEqual({
      birthday: ['The date of birth must be between 1900-01-01 and today'],
    });
    expect(errors(driverCreateRequest.safeParse({ ...valid, birthday: '1899-12-31' }))).toEqual({
      birthday: ['The date of birth must be between 1900-01-01 and today'],
    });
    expect(driverCreateRequest.safeParse({ ...valid, car: { year: 2025 } }).success).toBe(true);
    expect(errors(driverCreateRequest.safeParse({ ...valid, car: { year: 2026 } }))).toEqual({
      'car.year': ['Ensure this value is less than or equal to 2025'],
    });
  });

  it('takes an id tag of up to 20 printable characters', () => {
    expect(idTagCreateRequest.parse({ id_tag: ' 04A2B3C4D5E6F7 ' })).toEqual({ id_tag: '04A2B3C4D5E6F7' });
    expect(idTagCreateRequest.safeParse({ id_tag: 'x'.repeat(20) }).success).toBe(true);
    expect(errors(idTagCreateRequest.safeParse({ id_tag: 'x'.repeat(21) }))).toEqual({
      id_tag: ['An id tag is 1 to 20 Latin letters, digits or symbols, without spaces'],
    });
    expect(errors(idTagCreateRequest.safeParse({ id_tag: 'карта' }))).toEqual({
      id_tag: ['An id tag is 1 to 20 Latin letters, digits or symbols, without spaces'],
    });
    expect(errors(idTagCreateRequest.safeParse({ id_tag: ' ' }))).toEqual({ id_tag: ['Field cannot be blank'] });
  });

  it('changes only what a PATCH sends; null clears an optional fact', () => {
    expect(driverUpdateRequest.parse({})).toEqual({});
    expect(driverUpdateRequest.parse({ blocked: true, email: null, car: null })).toEqual({
      blocked: true,
      email: null,
      car: null,
    });
    expect(errors(driverUpdateRequest.safeParse({ surname: null, phone: null }))).toEqual({
      surname: ['Field cannot be blank'],
      phone: ['Enter your phone number'],
    });
  });
});

describe('list filters', () => {
  it('reads dates, times, ids and phone digits, and ignores empty ones', () => {
    expect(
      driverListQuery.parse({
        phone: '+996 (555',
        search_by_user_id: '7',
        registration_date__from: '2024-03-01',
        registration_date__to: '',
        registration_time__from: '23:00:00',
      }),
    ).toEqual({
      phone: '996555',
      search_by_user_id: 7,
      registration_date__from: '2024-03-01',
      registration_time__from: '23:00:00',
    });
  });

  it('names a malformed filter', () => {
    expect(
      errors(
        driverListQuery.safeParse({
          phone: 'abc',
          search_by_user_id: 'x',
          registration_date__from: '01.03.2024',
          registration_date__to: '2024-02-30',
          registration_time__from: '24:00:00',
          registration_time__to: '9:00',
        }),
      ),
    ).toEqual({
      phone: ['Please enter correct phone number format'],
      search_by_user_id: ['Enter a whole number'],
      registration_date__from: ['Enter a date as YYYY-MM-DD'],
      registration_date__to: ['Enter a date as YYYY-MM-DD'],
      registration_time__from: ['Enter a time as HH:mm:ss'],
      registration_time__to: ['Enter a time as HH:mm:ss'],
    });
    expect(errors(balanceEntryListQuery.safeParse({ period__from: '2024-3-1', user: '0' }))).toEqual({
      period__from: ['Enter a date as YYYY-MM-DD'],
      user: ['Ensure this value is greater than or equal to 1'],
    });
  });
});

describe('balance top-up', () => {
  it('parses som to tyiyn exactly', () => {
    expect(balanceTopUpRequest.parse({ amount: 150.1, reason: ' Cash at the office ' })).toEqual({
      amount: 15010,
      reason: 'Cash at the office',
    });
    expect(balanceTopUpRequest.parse({ amount: '0.01', reason: 'x' }).amount).toBe(1);
    expect(balanceTopUpRequest.parse({ amount: 1_000_000, reason: 'x' }).amount).toBe(100_000_000);
  });

  it('asks to top up when the amount is missing, and names every other refusal', () => {
    expect(errors(balanceTopUpRequest.safeParse({}))).toEqual({
      amount: ['Top up your balance'],
      reason: ['Field cannot be blank'],
    });
    expect(errors(balanceTopUpRequest.safeParse({ amount: '', reason: 'x' }))).toEqual({
      amount: ['Top up your balance'],
    });
    expect(errors(balanceTopUpRequest.safeParse({ amount: 1.005, reason: 'x' }))).toEqual({
      amount: ['Ensure that there are no more than 2 decimal places'],
    });
    expect(errors(balanceTopUpRequest.safeParse({ amount: -5, reason: 'x' }))).toEqual({
      amount: ['Ensure this value is greater than or equal to 0.01'],
    });
    expect(errors(balanceTopUpRequest.safeParse({ amount: 0, reason: 'x' }))).toEqual({
      amount: ['Ensure this value is greater than or equal to 0.01'],
    });
    expect(errors(balanceTopUpRequest.safeParse({ amount: 1_000_000.01, reason: 'x' }))).toEqual({
      amount: ['Ensure this value is less than or equal to 1000000'],
    });
    expect(errors(balanceTopUpRequest.safeParse({ amount: 'ten', reason: 'x'.repeat(256) }))).toEqual({
      amount: ['Enter a number'],
      reason: ['Ensure this field has no more than 255 characters'],
    });
  });
});
