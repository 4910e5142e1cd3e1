import { describe, expect, it } from 'vitest';
import { createFieldCollector, parseFieldName } from './multipart-fields.ts';

function collect(entries: [string, unknown][]) {
  const fields = createFieldCollector();
  for (const [name, value] of entries) fields.add(parseFieldName(name), value);
  return fields.body();
}

describe('parseFieldName', () => {
  it.each([
    ['name', ['name']],
    ['power_kWh', ['power_kWh']],
    ['schedule[0][day]', ['schedule', 0, 'day']],
    ['media_files[10]', ['media_files', 10]],
    ['tags[]', ['tags']],
    ['x[1000]', ['x', 1000]],
  ])('%s -> %j', (name, path) => {
    expect(parseFieldName(name)).toEqual(path);
  });

  it.each([
    ['an index above 1000', 'x[1001]'],
    ['a huge index', 'x[99999999999]'],
    ['an index with a leading zero', 'x[01]'],
    ['four levels', 'a[0][b][c]'],
    ['an empty key inside', 'a[][b]'],
    ['an unclosed bracket', 'a[0'],
    ['a stray bracket', 'a]b'],
    ['no name before the brackets', '[0]'],
    ['__proto__ as a key', 'a[__proto__]'],
    ['__proto__ as the name', '__proto__[x]'],
    ['constructor', 'a[0][constructor]'],
    ['prototype', 'constructor[prototype]'],
  ])('refuses %s (%s) as a malformed request', (_what, name) => {
    expect(() => parseFieldName(name)).toThrow(expect.objectContaining({ statusCode: 400, key: 'request_malformed' }));
  });
});

describe('the field collector', () => {
  it('nests bracketed names and keeps repeated names as arrays', () => {
    expect(
      collect([
        ['name', 'Station'],
        ['schedule[0][day]', '0'],
        ['schedule[0][start_time]', '08:00:00'],
        ['schedule[1][day]', '1'],
        ['connectors[0][typo]', 'type2'],
        ['deleted_media_ids[0]', '5'],
        ['tags', '1'],
        ['tags', '2'],
        ['environment[]', '3'],
      ]),
    ).toEqual({
      name: 'Station',
      schedule: [{ day: '0', start_time: '08:00:00' }, { day: '1' }],
      connectors: [{ typo: 'type2' }],
      deleted_media_ids: ['5'],
      tags: ['1', '2'],
      environment: '3',
    });
  });

  it('orders an array by index and closes its holes, so no index makes a sparse array', () => {
    const body = collect([
      ['media_files[1000]', 'last'],
      ['media_files[2]', 'second'],
      ['media_files[0]', 'first'],
    ]);
    expect(body).toEqual({ media_files: ['first', 'second', 'last'] });
    expect((body.media_files as unknown[]).length).toBe(3);
  });

  it('refuses a name used both as a value and as a list or record', () => {
    expect(() =>
      collect([
        ['a', '1'],
        ['a[0]', '2'],
      ]),
    ).toThrow(expect.objectContaining({ key: 'request_malformed' }));
    expect(() =>
      collect([
        ['a[0]', '1'],
        ['a', '2'],
      ]),
    ).toThrow(expect.objectContaining({ key: 'request_malformed' }));
    expect(() =>
      collect([
        ['a[0]', '1'],
        ['a[x]', '2'],
      ]),
    ).toThrow(expect.objectContaining({ key: 'request_malformed' }));
    expect(() =>
      collect([
        ['a[0][b]', '1'],
        ['a[0]', '2'],
      ]),
    ).toThrow(expect.objectContaining({ key: 'request_malformed' }));
  });
});
