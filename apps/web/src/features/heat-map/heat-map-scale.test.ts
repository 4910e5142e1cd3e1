import { describe, expect, it } from 'vitest';
import { markerRadius, shadeOf, shares, textOn } from './heat-map-scale.ts';

describe('the heat map scale', () => {
  it('gives each value its share of the largest, and none when all are 0', () => {
    expect(shares([2, 8, 0])).toEqual([0.25, 1, 0]);
    expect(shares([0, 0])).toEqual([0, 0]);
    expect(shares([])).toEqual([]);
  });

  it('shades white to teal and writes on each shade in the colour that reads', () => {
    expect(shadeOf(0)).toBe('rgb(255, 255, 255)');
    expect(shadeOf(1)).toBe('rgb(8, 117, 117)');
    expect(textOn(shadeOf(0))).toBe('#000');
    expect(textOn(shadeOf(0.3))).toBe('#000');
    expect(textOn(shadeOf(1))).toBe('#fff');
  });

  it('sizes circles from 6 to 18 px', () => {
    expect([0, 0.25, 1].map(markerRadius)).toEqual([6, 12, 18]);
  });
});
