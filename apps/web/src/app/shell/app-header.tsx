import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Button, Flex, Layout, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSelect } from '../language-select.tsx';
import { useRouteTitle } from '../use-current-route.ts';
import { ManagerBadge } from './manager-badge.tsx';

interface AppHeaderProps {
  collapsed: boolean;
  onToggle: () => void;
}

/** The header of specification 2.4: the page title, the language switch and the manager. */
export function AppHeader({ collapsed, onToggle }: AppHeaderProps) {
  const { t } = useTranslation('shell');
  const title = useRouteTitle();

  useEffect(() => {
    document.title = `${title} · ${t('common:product_name')}`;
  }, [title, t]);

  return (
    <Layout.Header
      style={{
        display: 'flex',
        alignItems: 'center',
        gap: 16,
        borderBottom: '1px solid var(--ant-color-border-secondary)',
        position: 'sticky',
        top: 0,
        zIndex: 10,
      }}
    >
      <Button
        type="text"
        data-testid="sidebar-toggle"
        aria-label={t(collapsed ? 'sidebar.expand' : 'sidebar.collapse')}
        aria-expanded={!collapsed}
        icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
        onClick={onToggle}
      />
      <Typography.Title level={4} data-testid="page-title" style={{ margin: 0, flex: 1 }} ellipsis>
        {title}
      </Typography.Title>
      <Flex align="center" gap={16}>
        <LanguageSelect />
        <ManagerBadge />
      </Flex>
    </Layout.Header>
  );
}
