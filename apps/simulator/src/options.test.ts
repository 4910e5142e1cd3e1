import { describe, expect, it } from 'vitest';
import { parseOptions } from './options.ts';

/* The simulator's flags: defaults, the local-only rule, and a clear refusal naming the flag. */

const parse = (...argv: string[]) => parseOptions(argv, {});

describe('flags', () => {
  it('simulates one station against the local server by default', () => {
    expect(parse('--password', 'Abcdefgh12345678')).toMatchObject({
      url: 'http://127.0.0.1:8080',
      endpoint: 'ws://127.0.0.1:8080/ocpp',
      stations: 1,
      connectors: 2,
      identityPrefix: 'SIM-',
      create: false,
      sessions: undefined,
      sessionSeconds: 120,
      meterInterval: 10,
      powerKw: 22,
      duration: undefined,
      quiet: false,
    });
  });

  it('reads every flag', () => {
    const options = parseOptions(
      [
        '--url',
        'https://localhost:9443/',
        '--stations',
        '50',
        '--connectors',
        '3',
        '--identity-prefix',
        'CP-OSH-',
        '--create',
        '--email',
        'm@example.com',
      ]
        .concat([
          '--id-tags',
          'A1, B2,,C3',
          '--sessions',
          '10',
          '--session-seconds',
          '30',
          '--meter-interval',
          '0.5',
          '--power-kw',
          '7.4',
        ])
        .concat(['--duration', '600', '--quiet']),
      { SIMULATOR_PASSWORD: 'secret' },
    );
    expect(options).toMatchObject({
      url: 'https://localhost:9443',
      endpoint: 'wss://localhost:9443/ocpp',
      stations: 50,
      connectors: 3,
      identityPrefix: 'CP-OSH-',
      password: undefined,
      create: true,
      email: 'm@example.com',
      managerPassword: 'secret',
      idTags: ['A1', 'B2', 'C3'],
      sessions: 10,
      sessionSeconds: 30,
      meterInterval: 0.5,
      powerKw: 7.4,
      duration: 600,
      quiet: true,
    });
  });

  it('takes only a server on this machine unless --allow-remote', () => {
    expect(() => parse('--url', 'http://10.0.0.5:8080', '--password', 'Abcdefgh12345678')).toThrow(
      '--url 10.0.0.5 is not this machine',
    );
    expect(parse('--url', 'http://10.0.0.5:8080', '--password', 'Abcdefgh12345678', '--allow-remote').endpoint).toBe(
      'ws://10.0.0.5:8080/ocpp',
    );
    expect(parse('--url', 'http://[::1]:8080', '--password', 'Abcdefgh12345678').endpoint).toBe('ws://[::1]:8080/ocpp');
  });

  it('refuses a wrong value naming its flag', () => {
    const password = ['--password', 'Abcdefgh12345678'];
    expect(() => parse(...password, '--stations', '0')).toThrow(
      '--stations must be a whole number of at least 1, got "0"',
    );
    expect(() => parse(...password, '--connectors', '9')).toThrow('--connectors must be a whole number from 1 to 7');
    expect(() => parse(...password, '--power-kw', 'fast')).toThrow('--power-kw must be a number');
    expect(() => parse(...password, '--identity-prefix', 'CP/1')).toThrow('--identity-prefix may hold');
    expect(() => parse(...password, '--id-tags', 'A-TAG-LONGER-THAN-20-CHARS')).toThrow(
      '--id-tags: "A-TAG-LONGER-THAN-20-CHARS"',
    );
    expect(() => parse(...password, '--url', 'localhost:8080')).toThrow('--url must be http(s) or ws(s)');
    expect(() => parse(...password, '--stations')).toThrow("Option '--stations <value>' argument missing");
    expect(() => parse(...password, '--statoins', '3')).toThrow("Unknown option '--statoins'");
    expect(() => parse('--password', 'short')).toThrow('--password must be 16 to 40 letters and digits');
  });

  it('needs a station password, or a manager to create the stations with', () => {
    expect(() => parse()).toThrow('--password is needed for stations that exist already');
    expect(() => parse('--create')).toThrow('--create signs in to the API');
    expect(
      parseOptions(['--create'], { SIMULATOR_EMAIL: 'm@example.com', SIMULATOR_PASSWORD: 'secret' }),
    ).toMatchObject({
      create: true,
      email: 'm@example.com',
      managerPassword: 'secret',
    });
  });
});
