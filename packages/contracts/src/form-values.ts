import type { MessageKey } from './messages.ts';
import { z } from './schema.ts';

/*
 * Values of a multipart form: every value arrives as text ('12', 'true'), lists as repeated or
 * indexed names; the same fields sent as JSON carry numbers and arrays. These schemas take both.
 */

export const isBlank = (input: unknown) =>
  input === undefined || input === null || (typeof input === 'string' && input.trim() === '');

/** A whole number in `min..max`, as a number or as digits; `error` replaces every refusal but a blank one. */
export function formInt({ min = 1, max = 2_147_483_647, error = 'integer_invalid' as MessageKey } = {}) {
  return z.pipe(
    z.union([z.number(), z.string()], { error: (issue) => (isBlank(issue.input) ? 'field_blank' : error) }),
    z.transform((value: number | string, ctx) => {
      const text = typeof value === 'number' ? String(value) : value.trim();
      const fail = (message: MessageKey, bound: object = {}) => {
        ctx.issues.push({ code: 'custom', input: value, message, ...bound } as never);
        return z.NEVER;
      };
      if (text === '') return fail('field_blank');
      if (!/^-?\d{1,10}$/.test(text)) return fail(error);
      const number = Number(text);
      if (number < min) return fail(error === 'integer_invalid' ? 'number_min' : error, { minimum: min });
      if (number > max) return fail(error === 'integer_invalid' ? 'number_max' : error, { maximum: max });
      return number;
    }),
  );
}

/** One of `values`; 'Field cannot be blank' when absent or empty, 'Select a valid choice' otherwise. */
export function choice<const T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values, { error: (issue) => (isBlank(issue.input) ? 'field_blank' : 'invalid_choice') });
}

/** An id naming another object (merchant, country, city, tag): 'Select a valid choice' when it cannot be one. */
export const formRefId = formInt({ error: 'invalid_choice' });

/** Ids as repeated or indexed form values, or a JSON list; one value alone is a list of one. At most `max`. */
export function formIdList(max: number) {
  return z.pipe(
    z.transform((value: unknown) => (Array.isArray(value) ? value : [value])),
    z.array(formRefId).check(z.maxLength(max, { error: 'number_max' })),
  );
}

/** The error of a required list: its own message when left out, `invalid_value` when sent malformed. */
export const blankList = (message: MessageKey) => (issue: { input?: unknown }) =>
  issue.input === undefined ? message : 'invalid_value';

/** Optional text, trimmed: '' when left empty. */
export function optionalText(max: number) {
  return z.string().check(z.trim(), z.maxLength(max, { error: 'max_length' }));
}

/** A value a form may leave empty (a form sends '' for a field not filled): null then, else `schema`. */
export function blankOr<T extends z.ZodMiniType>(schema: T) {
  return z.pipe(
    z.transform((value: unknown) => (isBlank(value) ? null : value)),
    z.nullable(schema),
  );
}
