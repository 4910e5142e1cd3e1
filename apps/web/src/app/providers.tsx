import { ConfigProvider, type ThemeConfig } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { useAntdLocale } from '../lib/antd-locale.ts';
import { i18n, useLang } from '../lib/i18n.ts';

/** Behind the pages: antd's Layout of the shell, and the signed-out screens, which have no Layout. */
export const PAGE_BACKGROUND = '#f5f7f8';

/**
 * The base text (font, size, colour) antd's App gives the shell, for the roots outside it: the
 * signed-out screens and the error page. antd's CSS variables are set on every antd component,
 * so this works on an antd element and inside one.
 */
export const BASE_TEXT: CSSProperties = {
  color: 'var(--ant-color-text)',
  fontSize: 'var(--ant-font-size)',
  lineHeight: 'var(--ant-line-height)',
  fontFamily: 'var(--ant-font-family)',
};

export const theme: ThemeConfig = {
  token: { colorPrimary: '#13a8a8', colorLink: '#13a8a8', borderRadius: 8 },
  components: {
    Layout: { siderBg: '#ffffff', headerBg: '#ffffff', headerPadding: '0 24px', bodyBg: PAGE_BACKGROUND },
    Menu: { itemBorderRadius: 8 },
  },
};

/**
 * Ant Design follows the interface language (its own texts, date pickers), so it re-renders on a
 * switch. antd's App (message, notification and modal through App.useApp) is not here: its code is
 * large and the sign-in screen uses none of it; the shell and the signed-out screens that notify
 * put it around themselves.
 */
function ThemedAnt({ children }: { children: ReactNode }) {
  const locale = useAntdLocale(useLang());
  return (
    <ConfigProvider locale={locale} theme={theme}>
      {children}
    </ConfigProvider>
  );
}

export function Providers({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <ThemedAnt>{children}</ThemedAnt>
    </I18nextProvider>
  );
}
