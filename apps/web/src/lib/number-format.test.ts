import { describe, expect, it } from 'vitest';
import { decimalSeparator, formatEnergy, formatFee, formatPercent, formatPower } from './number-format.ts';

describe('number formats follow the interface language', () => {
  it('writes a decimal comma in ru and ky, a point in en', () => {
    expect(formatPercent(12.5, 'ru')).toBe('12,5 %');
    expect(formatPercent(12.5, 'ky')).toBe('12,5 %');
    expect(formatPercent(12.5, 'en')).toBe('12.5 %');
    expect(formatPower(120.5, 'ru')).toBe('120,5');
    expect(formatFee(12, 'en')).toBe('12.00');
    expect(formatEnergy(12.3, 'ky')).toBe('12,300');
    expect(formatEnergy(1234.5, 'en')).toBe('1,234.500');
    expect(decimalSeparator('ky')).toBe(',');
    expect(decimalSeparator('en')).toBe('.');
  });
});
