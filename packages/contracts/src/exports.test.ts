import { describe, expect, it } from 'vitest';
import { exportQuery } from './exports.ts';
import { issueMessage, z } from './schema.ts';

// A list's query with the export's `format` spread into it, as the export endpoints declare it.
const query = z.object({ search: z.optional(z.string()), ...exportQuery });

describe('the export format', () => {
  it('is xlsx unless csv is asked for; an empty value is no choice', () => {
    expect(query.parse({})).toEqual({ format: 'xlsx' });
    expect(query.parse({ format: '' })).toEqual({ format: 'xlsx' });
    expect(query.parse({ format: 'csv', search: 'Асанов' })).toEqual({ format: 'csv', search: 'Асанов' });
    expect(query.parse({ format: 'xlsx' })).toEqual({ format: 'xlsx' });
  });

  it('refuses anything else on `format`', () => {
    for (const format of ['pdf', 'CSV', 'xls']) {
      const result = query.safeParse({ format });
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((issue) => [issue.path.join('.'), issueMessage(issue, 'en')])).toEqual([
        ['format', 'Select a valid choice'],
      ]);
    }
  });
});
