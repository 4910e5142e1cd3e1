import { ThunderboltFilled } from '@ant-design/icons';
import { QueryClientProvider } from '@tanstack/react-query';
import { App, Flex, Layout, Typography } from 'antd';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
// Dates appear only in the signed-in screens; their locale comes with the shell.
import '../../lib/dates.ts';
import { queryClient } from '../../lib/query-client.ts';
import { PageSpinner } from '../page-spinner.tsx';
import { AppHeader } from './app-header.tsx';
import { Breadcrumbs } from './breadcrumbs.tsx';
import { SideMenu } from './side-menu.tsx';

export const SIDER_WIDTH = 240;
export const SIDER_COLLAPSED_WIDTH = 68;

/** The signed-in frame: a collapsible side menu, the header, breadcrumbs and the page. */
export function AppShell() {
  const { t } = useTranslation('common');
  const [collapsed, setCollapsed] = useState(false);
  return (
    // Both live here, not in the providers, so the sign-in screen does not load them: TanStack
    // Query serves the signed-in pages, and antd's App gives message, notification and modal the
    // theme and locale (App.useApp).
    <QueryClientProvider client={queryClient}>
      <App>
        <Layout style={{ minHeight: '100vh' }}>
          <Layout.Sider
            data-testid="sidebar"
            collapsible
            collapsed={collapsed}
            trigger={null}
            width={SIDER_WIDTH}
            collapsedWidth={SIDER_COLLAPSED_WIDTH}
            style={{
              position: 'sticky',
              top: 0,
              height: '100vh',
              borderInlineEnd: '1px solid var(--ant-color-border-secondary)',
            }}
          >
            <Flex vertical style={{ height: '100%' }}>
              <Flex align="center" gap={10} style={{ height: 64, paddingInline: 24, flexShrink: 0 }}>
                <ThunderboltFilled style={{ fontSize: 22, color: 'var(--ant-color-primary)' }} />
                {!collapsed && (
                  <Typography.Text strong ellipsis>
                    {t('product_name')}
                  </Typography.Text>
                )}
              </Flex>
              <SideMenu collapsed={collapsed} />
            </Flex>
          </Layout.Sider>
          <Layout>
            <AppHeader collapsed={collapsed} onToggle={() => setCollapsed((value) => !value)} />
            <Layout.Content style={{ padding: 24 }}>
              <Breadcrumbs />
              <Suspense fallback={<PageSpinner />}>
                <Outlet />
              </Suspense>
            </Layout.Content>
          </Layout>
        </Layout>
      </App>
    </QueryClientProvider>
  );
}
