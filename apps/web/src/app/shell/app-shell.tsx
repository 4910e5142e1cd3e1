import { ThunderboltFilled } from '@ant-design/icons';
import { QueryClientProvider } from '@tanstack/react-query';
import { App, Drawer, Flex, Layout } from 'antd';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
// Dates appear only in the signed-in screens; their locale comes with the shell.
import '../../lib/dates.ts';
import { queryClient } from '../../lib/query-client.ts';
import { PageSpinner } from '../page-spinner.tsx';
import { AppHeader } from './app-header.tsx';
import { Breadcrumbs } from './breadcrumbs.tsx';
import { MenuButton } from './menu-button.tsx';
import { ShellConfig } from './shell-config.tsx';
import { SideMenu } from './side-menu.tsx';
import './antd-fixes.css';
import { useNarrowScreen } from './use-narrow-screen.ts';
import { useKeyboardScrollableTables } from './use-keyboard-scrollable-tables.ts';
import { useLiveUpdates } from './use-live-updates.ts';
import { useSiderCollapsed } from './use-sider-collapsed.ts';

export const SIDER_WIDTH = 240;
export const SIDER_COLLAPSED_WIDTH = 68;
const DRAWER_ID = 'menu-drawer';

/** The logo and the product's name, on two lines when the menu is narrower than it. */
function Brand({ collapsed = false }: { collapsed?: boolean }) {
  const { t } = useTranslation('common');
  return (
    <Flex
      align="center"
      gap={10}
      style={{ minHeight: 64, paddingInline: 24, flexShrink: 0, minWidth: 0, fontWeight: 600 }}
    >
      <ThunderboltFilled aria-hidden style={{ fontSize: 22, color: 'var(--ant-color-primary)' }} />
      {!collapsed && (
        <span data-testid="product-name" style={{ minWidth: 0, lineHeight: 1.3 }}>
          {t('product_name')}
        </span>
      )}
    </Flex>
  );
}

/**
 * The signed-in frame: the side menu, the header, breadcrumbs and the page. On a wide window the
 * menu is a sider that collapses (and stays so after a reload); below antd's `lg` breakpoint it is
 * a drawer opened from the header, so a phone gives the page its whole width.
 */
export function AppShell() {
  useLiveUpdates();
  useKeyboardScrollableTables();
  const narrow = useNarrowScreen();
  const [collapsed, toggleCollapsed] = useSiderCollapsed();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const { t } = useTranslation('shell');

  const menuButton = narrow ? (
    <MenuButton kind="drawer" open={drawerOpen} controls={DRAWER_ID} onClick={() => setDrawerOpen(true)} />
  ) : (
    <MenuButton kind="sider" open={!collapsed} onClick={toggleCollapsed} />
  );

  return (
    // These live here, not in the providers, so the sign-in screen does not load them: TanStack
    // Query serves the signed-in pages, ShellConfig gives antd's fields icons that screen readers
    // skip, and antd's App gives message, notification and modal the theme and locale (App.useApp).
    <QueryClientProvider client={queryClient}>
      <ShellConfig>
        <App>
          <Layout style={{ minHeight: '100vh' }}>
            {narrow ? (
              <Drawer
                id={DRAWER_ID}
                data-testid="menu-drawer"
                open={drawerOpen}
                onClose={() => setDrawerOpen(false)}
                placement="left"
                size={SIDER_WIDTH + 40}
                // Our own id: antd's generated one is the same for every component under test.
                title={<span id={`${DRAWER_ID}-title`}>{t('sidebar.menu')}</span>}
                aria-labelledby={`${DRAWER_ID}-title`}
                styles={{ body: { padding: 0, display: 'flex', flexDirection: 'column' } }}
              >
                <Brand />
                <SideMenu collapsed={false} onNavigate={() => setDrawerOpen(false)} />
              </Drawer>
            ) : (
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
                  <Brand collapsed={collapsed} />
                  <SideMenu collapsed={collapsed} />
                </Flex>
              </Layout.Sider>
            )}
            {/* min-width 0 lets the page shrink to the window instead of growing past it. */}
            <Layout style={{ minWidth: 0 }}>
              <AppHeader menuButton={menuButton} compact={narrow} />
              <Layout.Content style={{ padding: narrow ? 12 : 24, minWidth: 0 }}>
                <Breadcrumbs />
                <Suspense fallback={<PageSpinner />}>
                  <Outlet />
                </Suspense>
              </Layout.Content>
            </Layout>
          </Layout>
        </App>
      </ShellConfig>
    </QueryClientProvider>
  );
}
