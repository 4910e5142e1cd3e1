import { Flex } from 'antd';
import { ThunderboltFilled } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from './language-switch.tsx';
import { BASE_TEXT, PAGE_BACKGROUND } from './providers.tsx';

/**
 * Around the sign-in and recovery screens: the product name, the language switch, a centred card.
 * A Flex, not antd's Layout, which would bring the shell's Sider code to the first screen.
 */
export function SignedOutLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation('common');
  return (
    <Flex vertical style={{ ...BASE_TEXT, minHeight: '100vh', background: PAGE_BACKGROUND }}>
      <Flex justify="space-between" align="center" style={{ padding: '12px 24px' }}>
        <Flex gap={8} align="center">
          <ThunderboltFilled aria-hidden style={{ fontSize: 22, color: 'var(--ant-color-primary)' }} />
          <strong>{t('product_name')}</strong>
        </Flex>
        <LanguageSwitch />
      </Flex>
      <Flex flex={1} justify="center" align="center" style={{ padding: 24 }}>
        <div style={{ width: '100%', maxWidth: 420 }}>{children}</div>
      </Flex>
    </Flex>
  );
}
