import { Card, Typography } from 'antd';
import type { ReactNode } from 'react';

/** The card of the signed-out screens: a title, a line of help, the form. */
export function AuthCard({ title, subtitle, children }: { title: ReactNode; subtitle?: ReactNode; children: ReactNode }) {
  return (
    <Card variant="borderless" styles={{ body: { padding: 32 } }} style={{ boxShadow: 'var(--ant-box-shadow-tertiary)' }}>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {title}
      </Typography.Title>
      {subtitle && <Typography.Paragraph type="secondary">{subtitle}</Typography.Paragraph>}
      {children}
    </Card>
  );
}
