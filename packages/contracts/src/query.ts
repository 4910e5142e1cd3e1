import { z } from './schema.ts';

/**
 * Query-string parameters arrive as text. An empty value is an omitted filter (the web leaves
 * empty filters out, other clients may not); a malformed one is a 400 with the parameter's name.
 */

const MAX_DIGITS = 9;
const digits = new RegExp(`^\\d{0,${MAX_DIGITS}}$`);

/** A whole number of at least `min`, or undefined when absent or empty. */
export function intParam(min = 1) {
  return z.pipe(
    z.pipe(
      z.optional(z.string().check(z.trim(), z.regex(digits, { error: 'integer_invalid' }))),
      z.transform((value) => (value === undefined || value === '' ? undefined : Number(value))),
    ),
    z.optional(z.number().check(z.gte(min))),
  );
}

/** `true` or `false`, or undefined when absent or empty. */
export const booleanParam = z.pipe(
  z.optional(z.enum(['true', 'false', ''])),
  z.transform((value) => (value === 'true' ? true : value === 'false' ? false : undefined)),
);

export const SEARCH_MAX = 100;

/** Free text, trimmed; undefined when absent or blank. */
export const searchParam = z.pipe(
  z.optional(z.string().check(z.trim(), z.maxLength(SEARCH_MAX))),
  z.transform((value) => (value ? value : undefined)),
);

/** `page` and `size` of a paged list; defaults and the size cap are the server's (lib/pagination.ts). */
export const pageParams = { page: intParam(1), size: intParam(1) };

/** A numeric id in a path, as a number. */
export const pathId = z.pipe(
  z.string().check(z.regex(/^\d{1,9}$/, { error: 'integer_invalid' })),
  z.transform((value) => Number(value)),
);

/** The id of a path such as `/tags/{id}/`. */
export const idPathParams = z.object({ id: pathId });

/** Values in one list filter (`station_id__in`, `status`). */
export const FILTER_VALUES_MAX = 1000;

/** Comma lists and repeated parameters alike (`?a=1,2` or `?a=1&a=2`), trimmed, empty parts dropped. */
function listItems(value: string | string[]): string[] {
  return [value]
    .flat()
    .flatMap((part) => part.split(','))
    .map((part) => part.trim())
    .filter(Boolean);
}

/** A list filter: each item checked by `item`, an error naming the parameter itself; undefined when absent or empty. */
export function listParam<T>(item: z.ZodMiniType<T, string>) {
  return z.pipe(
    z.optional(z.union([z.string(), z.array(z.string())], { error: 'invalid_choice' })),
    z.transform((value, ctx) => {
      const items = value === undefined ? [] : listItems(value);
      if (items.length > FILTER_VALUES_MAX) {
        ctx.issues.push({
          code: 'too_big',
          origin: 'array',
          input: value,
          inclusive: true,
          maximum: FILTER_VALUES_MAX,
          message: 'number_max',
        });
        return z.NEVER;
      }
      const values: T[] = [];
      for (const text of items) {
        const parsed = item.safeParse(text);
        if (!parsed.success) {
          ctx.issues.push({
            code: 'custom',
            input: text,
            message: parsed.error.issues[0]?.message ?? 'invalid_choice',
          });
          return z.NEVER;
        }
        values.push(parsed.data);
      }
      return values.length ? values : undefined;
    }),
  );
}

const idItem = z.pipe(
  z.string().check(z.regex(/^\d{1,9}$/, { error: 'integer_invalid' })),
  z.pipe(
    z.transform((value: string) => Number(value)),
    z.number().check(z.gte(1, { error: 'integer_invalid' })),
  ),
);

/** A list of ids (`station_id__in=1,2` or repeated): undefined when absent or empty. */
export const idListParam = listParam(idItem);
