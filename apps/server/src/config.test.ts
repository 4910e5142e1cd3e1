import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('settings', () => {
  it('refuses a JWT_SECRET shorter than 32 bytes, saying why', () => {
    expect(() => loadConfig({ JWT_SECRET: 'short-secret' })).toThrow(ConfigError);
    expect(() => loadConfig({ JWT_SECRET: 'x'.repeat(31) })).toThrow(/JWT_SECRET must be at least 32 bytes long .* it has 31/);
    expect(loadConfig({ JWT_SECRET: 'x'.repeat(32) }).jwtSecret).toBe('x'.repeat(32));
    expect(loadConfig({}).jwtSecret).toBeUndefined();
  });

  it('refuses a STATION_KEY_SECRET shorter than 32 bytes, and takes a longer one', () => {
    expect(() => loadConfig({ STATION_KEY_SECRET: 'x'.repeat(31) })).toThrow(/STATION_KEY_SECRET must be at least 32 bytes long .* it has 31/);
    expect(loadConfig({ STATION_KEY_SECRET: 'k'.repeat(32) }).stationKeySecret).toBe('k'.repeat(32));
    expect(loadConfig({}).stationKeySecret).toBeUndefined();
  });
});
