import { describe, expect, it } from 'vitest';
import { hashStationPassword, NO_PASSWORD, stationPasswordMatches } from './station-passwords.ts';

const KEY = 'k'.repeat(48);

describe('station password hashes', () => {
  it('match the password they were made from, with the same key only', () => {
    const stored = hashStationPassword(KEY, 'Abcdefgh12345678');
    expect(stored).toMatch(/^hmac-sha256\$[\w-]{22}\$[\w-]{43}$/);
    expect(stationPasswordMatches(KEY, stored, 'Abcdefgh12345678')).toBe(true);
    expect(stationPasswordMatches(KEY, stored, 'abcdefgh12345678')).toBe(false);
    expect(stationPasswordMatches('another key', stored, 'Abcdefgh12345678')).toBe(false);
    expect(stationPasswordMatches(KEY, 'garbage', 'Abcdefgh12345678')).toBe(false);
    expect(stationPasswordMatches(KEY, NO_PASSWORD, '')).toBe(false);
  });

  it('differ for two stations with one password', () => {
    expect(hashStationPassword(KEY, 'Abcdefgh12345678')).not.toBe(hashStationPassword(KEY, 'Abcdefgh12345678'));
  });
});
