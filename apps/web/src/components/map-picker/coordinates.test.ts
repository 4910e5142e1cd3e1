import { stationCreateRequest } from '@evcms/contracts/stations';
import { describe, expect, it } from 'vitest';
import { coordinateText, parsePoint, startingPoint, toCoordinateTexts } from './coordinates.ts';

const CONTRACT_SHAPE = /^-?\d{1,3}(\.\d{1,6})?$/;

describe('coordinates saved from the map', () => {
  it('are rounded to six decimals, as text the station contract takes', () => {
    const texts = toCoordinateTexts({ latitude: 42.8746213456, longitude: 74.5698234999 });
    expect(texts).toEqual({ latitude: '42.874621', longitude: '74.569823' });
    expect(texts.latitude).toMatch(CONTRACT_SHAPE);
    expect(stationCreateRequest.shape.latitude.safeParse(texts.latitude).data).toBe('42.874621');
    expect(coordinateText(74.59)).toBe('74.590000');
    expect(coordinateText(-12.3456785)).toMatch(/^-12\.34567[89]$/);
  });

  it('never read minus zero', () => {
    expect(coordinateText(-0.0000001)).toBe('0.000000');
    expect(coordinateText(-0)).toBe('0.000000');
  });

  it('bring a longitude from a map panned round the world back into range', () => {
    expect(toCoordinateTexts({ latitude: 42.87, longitude: 74.59 + 360 }).longitude).toBe('74.590000');
    expect(toCoordinateTexts({ latitude: 42.87, longitude: -190 }).longitude).toBe('170.000000');
    expect(toCoordinateTexts({ latitude: 95, longitude: 0 }).latitude).toBe('90.000000');
  });
});

describe('coordinates read from the form', () => {
  it('become the point the map opens at', () => {
    expect(parsePoint({ latitude: '42.874621', longitude: '74.569823' })).toEqual({
      latitude: 42.874621,
      longitude: 74.569823,
    });
    expect(parsePoint({ latitude: -33.9, longitude: 18 })).toEqual({ latitude: -33.9, longitude: 18 });
    expect(parsePoint({ latitude: ' 42.87 ', longitude: '74.59' })).toEqual({ latitude: 42.87, longitude: 74.59 });
  });

  it('open the map near Bishkek while either is missing, malformed or out of range', () => {
    const bishkek = { latitude: 42.87, longitude: 74.59 };
    for (const value of [
      undefined,
      null,
      {},
      { latitude: '42.87', longitude: '' },
      { latitude: '42,87', longitude: '74.59' },
      { latitude: '42.8700001', longitude: '74.59' },
      { latitude: '91', longitude: '74.59' },
      { latitude: '42.87', longitude: '-180.5' },
    ]) {
      expect(parsePoint(value), JSON.stringify(value)).toBeNull();
      expect(startingPoint(value)).toEqual(bishkek);
    }
  });
});
