import type { ReactNode } from 'react';

/**
 * A labelled field laid out as antd's vertical Form.Item (label above, the error below, from its
 * design tokens), for the sign-in screen: antd's Form brings its field store, async-validator,
 * the label's tooltip and the grid, about 30 KB gzip of the first screen's code for two fields.
 * The control gets `id`; pass it `aria-invalid` and `aria-describedby={helpId(id)}` while `error`.
 */
export function PlainField({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: ReactNode;
  error?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div style={{ marginBottom: 'var(--ant-margin-lg)' }}>
      <label
        htmlFor={id}
        style={{
          display: 'block',
          padding: '0 0 var(--ant-padding-xs)',
          lineHeight: 'var(--ant-line-height)',
          color: 'var(--ant-color-text-heading)',
        }}
      >
        {label}
      </label>
      {children}
      {error && (
        <div
          id={helpId(id)}
          style={{
            color: 'var(--ant-color-error)',
            lineHeight: 'var(--ant-line-height)',
            minHeight: 'var(--ant-control-height-sm)',
          }}
        >
          {error}
        </div>
      )}
    </div>
  );
}

/** The id of a field's error text, as antd names it. */
export const helpId = (id: string) => `${id}_help`;
