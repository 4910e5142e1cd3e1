import { describe, expect, it } from 'vitest';
import { accountNumber, fullName, isValidAccountNumber, luhnCheckDigit } from './drivers.rules.ts';

describe('personal account numbers', () => {
  it('appends the Luhn check digit', () => {
    // The textbook example: 7992739871 has check digit 3.
    expect(luhnCheckDigit('7992739871')).toBe(3);
    expect(accountNumber(1_000_000)).toBe('10000008');
    expect(accountNumber(1_000_001)).toBe('10000016');
    expect(accountNumber(42)).toMatch(/^0000042\d$/);
  });

  it('catches one digit wrong and two neighbours swapped', () => {
    const account = accountNumber(1_234_567);
    expect(isValidAccountNumber(account)).toBe(true);
    for (let i = 0; i < 8; i += 1) {
      for (let digit = 0; digit <= 9; digit += 1) {
        if (String(digit) === account[i]) continue;
        const typo = `${account.slice(0, i)}${digit}${account.slice(i + 1)}`;
        expect(isValidAccountNumber(typo), typo).toBe(false);
      }
    }
    expect(isValidAccountNumber(`${account[1]}${account[0]}${account.slice(2)}`)).toBe(false);
    expect(isValidAccountNumber('1234567')).toBe(false);
  });
});

describe('names', () => {
  it('names a driver surname first', () => {
    expect(fullName({ surname: 'Асанов', firstName: 'Бакыт' })).toBe('Асанов Бакыт');
  });
});
