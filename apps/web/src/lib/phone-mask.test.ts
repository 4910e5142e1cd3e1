import { describe, expect, it } from 'vitest';
import { phone } from '@evcms/contracts/merchants';
import { formatPhone, phoneDigits } from './phone-mask.ts';

describe('phone mask', () => {
  it('formats a full number as +999 (999) 99-99-99 and sends its 12 digits', () => {
    expect(formatPhone('996555123456')).toBe('+996 (555) 12-34-56');
    expect(phoneDigits('+996 (555) 12-34-56')).toBe('996555123456');
    // The contracts' rule reads the masked text as the same number the server stores.
    expect(phone.parse(formatPhone('996555123456'))).toBe('996555123456');
  });

  it('grows with each digit typed, writing a separator only before a digit', () => {
    const typed = [...'996555123456'].map((_, i) => formatPhone('996555123456'.slice(0, i + 1)));
    expect(typed).toEqual([
      '+9',
      '+99',
      '+996',
      '+996 (5',
      '+996 (55',
      '+996 (555',
      '+996 (555) 1',
      '+996 (555) 12',
      '+996 (555) 12-3',
      '+996 (555) 12-34',
      '+996 (555) 12-34-5',
      '+996 (555) 12-34-56',
    ]);
    expect(formatPhone('')).toBe('');
  });

  it('drops a trailing separator, so Backspace at the end removes digit after digit', () => {
    // Backspace on '+996 (555) 1' leaves '+996 (555) '; the next one must reach the 5.
    expect(formatPhone('+996 (555) ')).toBe('+996 (555');
    expect(formatPhone('+996 (555) 12-')).toBe('+996 (555) 12');
  });

  it('ignores letters and anything past 12 digits, as typed or pasted', () => {
    expect(formatPhone('+996 555 12 34 56 78')).toBe('+996 (555) 12-34-56');
    expect(formatPhone('tel: 996-555-12a')).toBe('+996 (555) 12');
    expect(phoneDigits(null)).toBe('');
  });
});
