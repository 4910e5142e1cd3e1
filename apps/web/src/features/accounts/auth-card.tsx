import type { ReactNode } from 'react';

/**
 * The card of the signed-out screens: a title, a line of help, the form. Drawn with antd's
 * design tokens (its CSS variables) rather than its Card and Typography, which bring tabs, menus,
 * tooltips and text editing into the first screen a visitor loads.
 */
export function AuthCard({
  title,
  subtitle,
  children,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section
      style={{
        padding: 32,
        background: 'var(--ant-color-bg-container)',
        borderRadius: 'var(--ant-border-radius-lg)',
        boxShadow: 'var(--ant-box-shadow-tertiary)',
      }}
    >
      {/* The screen's h1, at the size of an h3. */}
      <h1
        style={{
          margin: '0 0 0.5em',
          color: 'var(--ant-color-text-heading)',
          fontSize: 'var(--ant-font-size-heading-3)',
          lineHeight: 'var(--ant-line-height-heading-3)',
          fontWeight: 'var(--ant-font-weight-strong)',
        }}
      >
        {title}
      </h1>
      {subtitle && <p style={{ margin: '0 0 1em', color: 'var(--ant-color-text-description)' }}>{subtitle}</p>}
      {children}
    </section>
  );
}
