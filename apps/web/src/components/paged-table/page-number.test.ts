import { describe, expect, it } from 'vitest';
import { clampPage, sanitizePageInput } from './page-number.ts';

describe('page number input', () => {
  it('turns a value below 1 or an invalid one into 0', () => {
    expect(sanitizePageInput('-3')).toBe('0');
    expect(sanitizePageInput('0')).toBe('0');
    expect(sanitizePageInput('abc')).toBe('0');
    expect(sanitizePageInput('1.5')).toBe('0');
  });

  it('keeps a valid number, an empty field and a lone minus still being typed', () => {
    expect(sanitizePageInput('007')).toBe('7');
    expect(sanitizePageInput('')).toBe('');
    expect(sanitizePageInput('-')).toBe('-');
  });

  it('clamps the target page to 1..pages', () => {
    expect(clampPage(0, 5)).toBe(1);
    expect(clampPage(9, 5)).toBe(5);
    expect(clampPage(3, 5)).toBe(3);
    expect(clampPage(3, 0)).toBe(1);
  });
});
