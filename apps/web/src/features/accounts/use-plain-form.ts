import { useState, type ChangeEvent, type ReactNode } from 'react';
import type { IssueLike } from '@evcms/contracts/messages';
import { issueText, serverFieldErrors } from '../../lib/form-rules.ts';
import { errorMessage } from '../../lib/localized-text.tsx';
import { helpId } from './plain-field.tsx';

/** A field's check: the first issue the contract raises on its value (it may read the other fields). */
export type FieldCheck<F extends string> = (value: string, values: Record<F, string>) => IssueLike | undefined;

/**
 * The state of a signed-out screen's plain form (see plain-field.tsx): values, each field's error
 * checked as it changes and all of them on submit, as antd's Form would, by the contract's checks
 * written without zod (contracts/signed-out-fields.ts); the server's answer, on its fields and
 * above the button. `dependents` are checked again when the field they follow changes, as antd's
 * `dependencies` (the confirmation follows the password), once they have a value.
 */
export function usePlainForm<F extends string>(
  initial: Record<F, string>,
  checks: Record<F, FieldCheck<F>>,
  dependents: Partial<Record<F, F[]>> = {},
) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<F, ReactNode>>>({});
  // Elements that follow a language switch (see lib/localized-text.tsx).
  const [serverError, setServerError] = useState<ReactNode>(null);
  const fields = Object.keys(checks) as F[];

  const check = (field: F, all: Record<F, string>): boolean => {
    const issue = checks[field](all[field], all);
    setErrors((current) => ({ ...current, [field]: issue && issueText(issue) }));
    return !issue;
  };

  const change = (field: F, value: string) => {
    setServerError(null);
    const next = { ...values, [field]: value };
    setValues(next);
    check(field, next);
    for (const dependent of dependents[field] ?? []) if (next[dependent] !== '') check(dependent, next);
  };

  return {
    values,
    errors,
    serverError,
    /** Clears the server's answer: the form changed otherwise (a checkbox). */
    clearServerError: () => setServerError(null),
    /** Checks every field for a submit; true when all pass. */
    checkAll: (): boolean => {
      setServerError(null);
      return fields.map((field) => check(field, values)).every(Boolean);
    },
    /** Shows a refused submit: the server's field errors on their fields, its message above the button. */
    refused: (error: unknown) => {
      setErrors(serverFieldErrors(error) as Partial<Record<F, ReactNode>>);
      setServerError(errorMessage(error));
    },
    /** The props of a field's input: PlainField gives the label and the error. */
    input: (name: F) => ({
      id: name,
      name,
      value: values[name],
      onChange: (event: ChangeEvent<HTMLInputElement>) => change(name, event.target.value),
      status: errors[name] ? ('error' as const) : undefined,
      'aria-invalid': errors[name] ? true : undefined,
      'aria-describedby': errors[name] ? helpId(name) : undefined,
    }),
  };
}
