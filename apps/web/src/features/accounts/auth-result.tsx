import { CheckCircleFilled } from '@ant-design/icons';
import type { ReactNode } from 'react';

/**
 * A signed-out screen's outcome (the instructions sent, the password changed), laid out like antd's
 * Result with status "success" from its design tokens: Result brings its 403/404/500 illustrations.
 */
export function AuthResult({ title, text, children }: { title: ReactNode; text: ReactNode; children: ReactNode }) {
  return (
    <div role="status" style={{ textAlign: 'center', lineHeight: 'var(--ant-line-height)' }}>
      <CheckCircleFilled aria-hidden style={{ fontSize: 72, color: 'var(--ant-color-success)', marginBottom: 24 }} />
      <div
        style={{
          color: 'var(--ant-color-text-heading)',
          fontSize: 'var(--ant-font-size-heading-4)',
          lineHeight: 'var(--ant-line-height-heading-4)',
        }}
      >
        {title}
      </div>
      <div style={{ marginTop: 8, color: 'var(--ant-color-text-description)' }}>{text}</div>
      <div style={{ marginTop: 24 }}>{children}</div>
    </div>
  );
}
