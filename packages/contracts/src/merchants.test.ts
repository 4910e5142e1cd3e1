import { describe, expect, it } from 'vitest';
import { merchantCreateRequest, merchantListQuery, merchantUpdateRequest, percentage, phone } from './merchants.ts';
import { issueMessage } from './schema.ts';

type Result = { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } };

function errors(result: Result): Record<string, string[]> {
  const body: Record<string, string[]> = {};
  for (const issue of result.error?.issues ?? []) (body[issue.path.join('.')] ??= []).push(issueMessage(issue, 'en'));
  return body;
}

const valid = {
  name_ru: 'Зарядка',
  name_en: 'Charging',
  name_ky: 'Кубаттоо',
  agreement_number: 'AG-1',
  legal_name: 'Charging LLC',
  country: 1,
  city: 1,
  street: 'Chui 1',
  phone: '996555123456',
  email: 'info@charging.kg',
  percentage: 12.5,
};

describe('merchant phone', () => {
  it('keeps the 12 digits of a masked or plain number', () => {
    expect(phone.parse('+996 (555) 12-34-56')).toBe('996555123456');
    expect(phone.parse('996555123456')).toBe('996555123456');
  });

  it('asks for a number when empty and for the format otherwise', () => {
    expect(errors(phone.safeParse(''))).toEqual({ '': ['Enter your phone number'] });
    expect(errors(phone.safeParse('99655512345'))).toEqual({ '': ['Please enter correct phone number format'] });
    expect(errors(phone.safeParse('9965551234567'))).toEqual({ '': ['Please enter correct phone number format'] });
    expect(errors(phone.safeParse('99655512345a'))).toEqual({ '': ['Please enter correct phone number format'] });
  });
});

describe('merchant percentage', () => {
  it('takes 0..100 with at most two decimals, as a number or numeric text, in exact basis points', () => {
    expect(percentage.parse(0)).toBe(0);
    expect(percentage.parse(100)).toBe(10_000);
    expect(percentage.parse('12.25')).toBe(1225);
    expect(percentage.parse(0.07)).toBe(7);
    expect(percentage.parse(0.29)).toBe(29);
    expect(percentage.parse('12.50')).toBe(1250);
  });

  it('refuses anything else with the percentage message', () => {
    for (const bad of [-1, 100.01, 12.345, 'abc', true]) {
      expect(errors(percentage.safeParse(bad))).toEqual({ '': ['The rate must be a percentage'] });
    }
    expect(errors(percentage.safeParse(undefined))).toEqual({ '': ['Field cannot be blank'] });
  });
});

describe('merchant create request', () => {
  it('fills the optional lists and the active status', () => {
    expect(merchantCreateRequest.parse(valid)).toMatchObject({ tags: [], environment: [], schedule: [], status: 0 });
  });

  it('names every missing required field', () => {
    expect(Object.keys(errors(merchantCreateRequest.safeParse({})))).toEqual([
      'name_ru',
      'name_en',
      'name_ky',
      'agreement_number',
      'legal_name',
      'country',
      'city',
      'street',
      'phone',
      'email',
      'percentage',
    ]);
  });

  it('limits the name to 100 and the agreement number to 50 characters', () => {
    expect(
      errors(merchantCreateRequest.safeParse({ ...valid, name_en: 'x'.repeat(101), agreement_number: 'x'.repeat(51) })),
    ).toEqual({
      name_en: ['Ensure this field has no more than 100 characters'],
      agreement_number: ['Ensure this field has no more than 50 characters'],
    });
  });

  it('checks the schedule with the weekly rules', () => {
    const schedule = [{ day: 0, start_time: '18:00:00', end_time: '09:00:00', is_break: false }];
    expect(errors(merchantCreateRequest.safeParse({ ...valid, schedule }))).toEqual({
      'schedule.0.start_time': ['The start cannot be later than the end'],
      'schedule.0.end_time': ['The end cannot be earlier than the start'],
    });
  });

  it('refuses ids that are not positive whole numbers', () => {
    expect(errors(merchantCreateRequest.safeParse({ ...valid, country: 'KG', city: 0, tags: [1.5] }))).toEqual({
      country: ['Select a valid choice'],
      city: ['Select a valid choice'],
      'tags.0': ['Select a valid choice'],
    });
  });
});

describe('merchant update request and list query', () => {
  it('accepts a partial change and an explicit null district', () => {
    expect(merchantUpdateRequest.parse({ district: null, phone: '+996 555 123 456' })).toEqual({
      district: null,
      phone: '996555123456',
    });
  });

  it('reads the status filter as 0 or 1', () => {
    expect(merchantListQuery.parse({ status: '1', active: 'true' })).toMatchObject({ status: 1, active: true });
    expect(merchantListQuery.safeParse({ status: '2' }).success).toBe(false);
  });
});
