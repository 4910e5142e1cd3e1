import { Flex, Layout, Typography } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { LanguageSelect } from '../language-select.tsx';
import { useRouteTitle } from '../use-current-route.ts';
import { ManagerBadge } from './manager-badge.tsx';

const HEADING_4: CSSProperties = {
  fontSize: 'var(--ant-font-size-heading-4)',
  lineHeight: 'var(--ant-line-height-heading-4)',
};
const HEADING_5: CSSProperties = {
  fontSize: 'var(--ant-font-size-heading-5)',
  lineHeight: 'var(--ant-line-height-heading-5)',
};

interface AppHeaderProps {
  /** The button that folds the side menu or opens the menu drawer. */
  menuButton: ReactNode;
  /** A narrow window: less padding, and the manager as an avatar only. */
  compact: boolean;
}

/** The header of specification 2.4: the page title, the language switch and the manager. */
export function AppHeader({ menuButton, compact }: AppHeaderProps) {
  const title = useRouteTitle();

  useDocumentTitle(title);

  return (
    <Layout.Header
      style={{
        display: 'flex',
        alignItems: 'center',
        gap: compact ? 8 : 16,
        paddingInline: compact ? 8 : undefined,
        borderBottom: '1px solid var(--ant-color-border-secondary)',
        position: 'sticky',
        top: 0,
        zIndex: 10,
      }}
    >
      {menuButton}
      {/* The page's title is its h1 (screen readers jump to it), drawn at the size of antd's h4 (h5 on a phone). */}
      <Typography.Title
        level={1}
        data-testid="page-title"
        style={{ margin: 0, flex: 1, minWidth: 0, ...(compact ? HEADING_5 : HEADING_4) }}
        ellipsis={{ tooltip: title }}
      >
        {title}
      </Typography.Title>
      <Flex align="center" gap={compact ? 4 : 16} style={{ flexShrink: 0 }}>
        <LanguageSelect />
        <ManagerBadge compact={compact} />
      </Flex>
    </Layout.Header>
  );
}
