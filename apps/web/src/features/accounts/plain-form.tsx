import { Alert, Button } from 'antd';
import type { ReactNode } from 'react';
import { ERROR_ICON } from './status-icons.tsx';

export interface PlainFormProps {
  /** The form's state (use-plain-form.ts): its checks and the server's refusal on no field. */
  form: { checkAll: () => boolean; serverError: ReactNode };
  /** Sends the values; called once every field's check passes. */
  onSubmit: () => void;
  submitText: ReactNode;
  submitting: boolean;
  autoComplete?: 'on';
  /** The fields (PlainField), and what stands between them and the refusal. */
  children: ReactNode;
}

/**
 * A signed-out screen's form (see plain-field.tsx): its fields, the refusal that is on no field
 * (wrong password, a spent link) above the button, and the button. A submit checks every field
 * first, as antd's Form would, and sends only when all pass.
 */
export function PlainForm({ form, onSubmit, submitText, submitting, autoComplete, children }: PlainFormProps) {
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (form.checkAll()) onSubmit();
      }}
      noValidate
      autoComplete={autoComplete}
    >
      {children}
      {form.serverError && (
        <Alert
          type="error"
          showIcon
          icon={ERROR_ICON}
          title={form.serverError}
          role="alert"
          style={{ marginBottom: 16 }}
        />
      )}
      <Button type="primary" htmlType="submit" block size="large" loading={submitting}>
        {submitText}
      </Button>
    </form>
  );
}
