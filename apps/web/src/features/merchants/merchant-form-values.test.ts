import { describe, expect, it } from 'vitest';
import { changedFields, EMPTY_MERCHANT_FORM, formValuesOf, toMerchantRequest } from './merchant-form-values.ts';
import { aMerchantForUpdate } from './merchant-test-data.ts';

// Kyrgyz name apart from the Russian one, so that a mix-up of the two shows.
const stored = aMerchantForUpdate({
  name_ky: 'Вольт КЖ',
  tags: [3],
  tag_items: [{ id: 3, title: 'Cafe', active: true }],
  schedule: [{ id: 1, day: 0, start_time: '09:00:00', end_time: '18:00:00', is_break: false }],
});

describe('merchant edit values', () => {
  it('start from the stored form fields only: no id, status or titled items, schedule without ids', () => {
    const values = formValuesOf(stored);
    expect(Object.keys(values).sort()).toEqual(Object.keys(EMPTY_MERCHANT_FORM).sort());
    expect(values).toMatchObject({ name_ky: 'Вольт КЖ', district: null, tags: [3], percentage: 10 });
    expect(values.schedule).toEqual([{ day: 0, start_time: '09:00:00', end_time: '18:00:00', is_break: false }]);
  });

  it('send the phone as its 12 digits and the schedule without ids', () => {
    const request = toMerchantRequest(formValuesOf(stored));
    expect(request.phone).toBe('996555123456');
    expect(request.schedule).toEqual([{ day: 0, start_time: '09:00:00', end_time: '18:00:00', is_break: false }]);
  });

  it('sends nothing for an untouched form: the masked phone and the stored schedule ids are not changes', () => {
    const values = formValuesOf(stored);
    expect(values.phone).toBe('+996 (555) 12-34-56');
    expect(changedFields(values, { ...values })).toEqual({});
  });

  it('sends only what changed, the phone as 12 digits and a list whole', () => {
    const before = formValuesOf(stored);
    const after = { ...before, phone: '+996 (700) 11-22-33', tags: [3, 5], district: 10 };
    expect(changedFields(before, after)).toEqual({ phone: '996700112233', tags: [3, 5], district: 10 });
  });
});
