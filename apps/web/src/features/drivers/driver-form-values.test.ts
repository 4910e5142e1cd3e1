import { describe, expect, it } from 'vitest';
import {
  changedFields,
  EMPTY_DRIVER_FORM,
  formValuesOf,
  toDriverCreateRequest,
  type DriverFormValues,
} from './driver-form-values.ts';
import { aDriver } from './driver-test-data.ts';

const filled: DriverFormValues = {
  ...EMPTY_DRIVER_FORM,
  surname: 'Asanov',
  first_name: 'Bakyt',
  phone: '+996 (555) 12-34-56',
};

describe('driver form values', () => {
  it('register a card customer with what was given: the phone’s digits, the card trimmed, no empty facts', () => {
    expect(toDriverCreateRequest({ ...filled, email: '  ', id_tag: ' 04A1B2C3 ' })).toEqual({
      surname: 'Asanov',
      first_name: 'Bakyt',
      phone: '996555123456',
      blocked: false,
      id_tag: '04A1B2C3',
    });
    expect(
      toDriverCreateRequest({
        ...filled,
        gender: 'female',
        birthday: '1990-03-15',
        car: { make: ' Tesla ', model: '', year: 2021, colour: '' },
      }),
    ).toEqual({
      surname: 'Asanov',
      first_name: 'Bakyt',
      phone: '996555123456',
      blocked: false,
      gender: 'female',
      birthday: '1990-03-15',
      car: { make: 'Tesla', model: null, year: 2021, colour: null },
    });
  });

  it('send an edit as the changed fields only: a changed car whole, cleared facts as null', () => {
    const before = formValuesOf(
      aDriver(7, {
        email: 'bakyt@example.com',
        licence: 'AB123',
        car: { make: 'Tesla', model: 'Model 3', year: 2021, colour: null },
      }),
    );
    expect(before.phone).toBe('+996 (555) 12-34-56');
    expect(changedFields(before, { ...before })).toEqual({});
    expect(
      changedFields(before, { ...before, email: '', car: { ...before.car, colour: 'White' }, blocked: true }),
    ).toEqual({
      email: null,
      car: { make: 'Tesla', model: 'Model 3', year: 2021, colour: 'White' },
      blocked: true,
    });
    expect(
      changedFields(before, { ...before, licence: ' ', car: { make: '', model: '', year: null, colour: '' } }),
    ).toEqual({
      licence: null,
      car: null,
    });
  });
});
