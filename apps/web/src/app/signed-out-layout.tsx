import { Flex, Layout, Typography } from 'antd';
import { ThunderboltFilled } from '@ant-design/icons';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { LanguageSelect } from './language-select.tsx';
import { PageSpinner } from './page-spinner.tsx';

/** Around the sign-in and recovery screens: the product name, the language switch, a centred card. */
export function SignedOutLayout() {
  const { t } = useTranslation('common');
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Flex justify="space-between" align="center" style={{ padding: '12px 24px' }}>
        <Flex gap={8} align="center">
          <ThunderboltFilled style={{ fontSize: 22, color: 'var(--ant-color-primary)' }} />
          <Typography.Text strong>{t('product_name')}</Typography.Text>
        </Flex>
        <LanguageSelect />
      </Flex>
      <Flex flex={1} justify="center" align="center" style={{ padding: 24 }}>
        <div style={{ width: '100%', maxWidth: 420 }}>
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        </div>
      </Flex>
    </Layout>
  );
}
