import { CloseCircleFilled } from '@ant-design/icons';
import { Button, Flex } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../lib/document-title.ts';
import { pageLoads } from '../lib/page-reload.ts';
import { BASE_TEXT } from './providers.tsx';

/**
 * Shown when a screen throws or its code could not be loaded even after the automatic reload.
 * Retry reloads the page by hand (the automatic reload happens once a minute at most, see
 * lib/lazy-with-reload.ts). Laid out like antd's Result with status "error", from its design
 * tokens: Result brings its large 403/404/500 illustrations, and this component is part of the
 * first screen's code.
 */
export function ErrorScreen({ error }: { error: unknown }) {
  const { t } = useTranslation('common');
  useEffect(() => console.error(error), [error]);
  useDocumentTitle(t('errors.page_failed'));
  return (
    <Flex vertical align="center" gap={8} style={{ ...BASE_TEXT, padding: '48px 32px', textAlign: 'center' }}>
      <CloseCircleFilled aria-hidden style={{ fontSize: 72, color: 'var(--ant-color-error)', marginBottom: 16 }} />
      <div
        role="heading"
        aria-level={1}
        style={{
          color: 'var(--ant-color-text-heading)',
          fontSize: 'var(--ant-font-size-heading-3)',
          lineHeight: 'var(--ant-line-height-heading-3)',
        }}
      >
        {t('errors.page_failed')}
      </div>
      <div style={{ color: 'var(--ant-color-text-description)' }}>{t('errors.page_failed_hint')}</div>
      <Button type="primary" onClick={() => pageLoads.reload()} style={{ marginTop: 16 }}>
        {t('actions.retry')}
      </Button>
    </Flex>
  );
}
