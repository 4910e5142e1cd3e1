import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLink } from '../../components/page-link.tsx';

/**
 * The card of the signed-out screens: a title, a line of help, the form, and a link below it
 * (`footer`). Drawn with antd's design tokens (its CSS variables) rather than its Card and
 * Typography, which bring tabs, menus, tooltips and text editing into the first screen a visitor loads.
 */
export function AuthCard({
  title,
  subtitle,
  footer,
  children,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  footer?: ReactNode;
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
      {footer && <div style={{ marginTop: 16, textAlign: 'center' }}>{footer}</div>}
    </section>
  );
}

/** The way back to the sign-in form from the password recovery screens. */
export function BackToSignIn() {
  const { t } = useTranslation('accounts');
  return <PageLink to="/">{t('common:actions.back_to_sign_in')}</PageLink>;
}
