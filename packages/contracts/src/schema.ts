// zod/mini: the same schemas and checks as classic zod, as functions a bundler can leave out when
// unused, which keeps the web's sign-in screen light. fastify-type-provider-zod works on zod's core.
import * as z from 'zod/mini';

/**
 * Every issue zod raises without an explicit message gets a message key from here, so a rule
 * written as `z.string().check(z.maxLength(100))` is already localised on the server and in the web forms.
 */
z.config({
  customError: (issue) => {
    switch (issue.code) {
      case 'invalid_type':
        return issue.input === undefined || issue.input === null || issue.input === ''
          ? 'field_blank'
          : 'invalid_value';
      case 'too_big':
        return issue.origin === 'string' ? 'max_length' : issue.origin === 'number' ? 'number_max' : 'invalid_value';
      case 'too_small':
        if (issue.origin === 'string') return Number(issue.minimum) <= 1 ? 'field_blank' : 'min_length';
        return issue.origin === 'number' ? 'number_min' : 'invalid_value';
      case 'invalid_format':
        return issue.format === 'email' ? 'email_invalid' : issue.format === 'url' ? 'url_invalid' : 'invalid_value';
      case 'invalid_value':
      case 'invalid_union':
        return 'invalid_choice';
      default:
        return 'invalid_value';
    }
  },
});

/** A required, trimmed text of at most `max` characters ('Field cannot be blank' when empty). */
export function requiredText(max: number) {
  return z
    .string({ error: 'field_blank' })
    .check(z.trim(), z.minLength(1, { error: 'field_blank', abort: true }), z.maxLength(max, { error: 'max_length' }));
}

/**
 * The same fields, each optional: the shape of a partial update. (`z.partial` would also run the
 * fields' defaults, so a PATCH that leaves `active` out would set it.)
 */
export function optionalFields<S extends Record<string, z.ZodMiniType>>(
  shape: S,
): { [K in keyof S]: z.ZodMiniOptional<S[K]> } {
  return Object.fromEntries(Object.entries(shape).map(([name, schema]) => [name, z.optional(schema)])) as {
    [K in keyof S]: z.ZodMiniOptional<S[K]>;
  };
}

// Here too for the schemas' users; written in messages.ts, which the sign-in screen loads without zod.
export { issueMessage, type IssueLike } from './messages.ts';
export { z };
