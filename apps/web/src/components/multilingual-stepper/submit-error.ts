import type { FormInstance } from 'antd';
import { applyServerErrors } from '../../lib/form-rules.ts';

/**
 * For an onSubmit of the stepper that failed: puts the server's field errors on the fields, where
 * the stepper's generic 'Incorrectly filled field' alert points at them, and returns the message
 * to show instead when none of them landed on a field (a `detail`, a network failure).
 */
export function refusedSubmitMessage(form: FormInstance, error: unknown): string | null {
  const message = applyServerErrors(form, error);
  const onFields = form.getFieldsError().some((field) => field.errors.length > 0);
  return onFields ? null : message;
}
