import { describe, expect, it } from 'vitest';
import { definedOnly } from './objects.ts';

describe('definedOnly', () => {
  it('drops what was not sent and keeps what was cleared', () => {
    expect(definedOnly({ a: 1, b: undefined, c: null, d: '' })).toEqual({ a: 1, c: null, d: '' });
  });
});
