import { describe, expect, it } from 'vitest';
import { z } from '@evcms/contracts/schema';
import { contractFilters } from './list-filters.ts';

describe('list filters read with the contract', () => {
  const shape = {
    id: z.optional(z.string().check(z.regex(/^\d+$/))),
    ids: z.optional(
      z.pipe(
        z.string(),
        z.transform((text: string) => text.split(',').map(Number)),
      ),
    ),
    other: z.optional(z.string()),
  };
  const read = contractFilters(shape, ['id', 'ids']);

  it('send only the named filters the contract accepts, a list comma-joined', () => {
    expect(read({ id: '42', ids: '3,5' })).toEqual({ id: '42', ids: '3,5' });
    expect(read({ id: 'x42' })).toEqual({});
    expect(read({})).toEqual({});
  });
});
