import { ConfigProvider, type ThemeConfig } from 'antd';
import { type CSSProperties, type ReactNode, useSyncExternalStore } from 'react';
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

/** Grey text (descriptions, labels, placeholders): 5.6:1 on the page background, antd's 0.45 gave 3.4:1. */
const SECONDARY_TEXT = 'rgba(0, 0, 0, 0.6)';

/**
 * Every text colour meets WCAG AA (4.5:1, checked by e2e/accessibility.e2e.ts with axe-core): the
 * brand teal darkened from #13a8a8 (2.9:1 on white) to 5.5:1, white on it too; a hovered link
 * darker still, 6.4:1 (antd derives a lighter one, 3.9:1, and hovering must not make a link harder
 * to read); the selected menu item's light teal set by hand (antd derives a grey one from a dark
 * seed); the status colours one step darker, their light backgrounds kept. The coloured tags'
 * texts are in app/shell/antd-fixes.css (antd derives its palettes after the theme's tokens, so a
 * `green7` here is not used).
 */
export const theme: ThemeConfig = {
  token: {
    colorPrimary: '#087575',
    colorLink: '#087575',
    colorLinkHover: '#056a6a',
    colorPrimaryBg: '#e6f4f4',
    colorPrimaryBgHover: '#cfe9e9',
    colorSuccess: '#237804',
    colorSuccessBg: '#f6ffed',
    colorInfo: '#0958d9',
    colorInfoBg: '#e6f4ff',
    colorWarning: '#874d00',
    colorWarningBg: '#fffbe6',
    colorError: '#cf1322',
    colorErrorBg: '#fff2f0',
    colorTextDescription: SECONDARY_TEXT,
    colorTextTertiary: SECONDARY_TEXT,
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.58)',
    borderRadius: 8,
  },
  components: {
    Layout: { siderBg: '#ffffff', headerBg: '#ffffff', headerPadding: '0 24px', bodyBg: PAGE_BACKGROUND },
    Menu: { itemBorderRadius: 8 },
    // An unchecked switch is white text on colorTextQuaternary (0.25 black, 1.9:1): darker here only.
    Switch: { colorTextQuaternary: 'rgba(0, 0, 0, 0.55)', colorTextTertiary: 'rgba(0, 0, 0, 0.65)' },
  },
};

/** For those whose system asks for less motion: antd's transitions and animations take no time. */
const stillTheme: ThemeConfig = { ...theme, token: { ...theme.token, motion: false } };

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function watchReducedMotion(changed: () => void): () => void {
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener('change', changed);
  return () => query.removeEventListener('change', changed);
}

/** Whether the system asks for reduced motion, followed when the setting changes. */
function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    watchReducedMotion,
    () => window.matchMedia(REDUCED_MOTION).matches,
    () => false,
  );
}

/**
 * Ant Design follows the interface language (its own texts, date pickers), so it re-renders on a
 * switch, and the system's wish for reduced motion. antd's App (message, notification and modal
 * through App.useApp) is not here: its code is large and the sign-in screen uses none of it; the
 * shell and the signed-out screens that notify put it around themselves.
 */
function ThemedAnt({ children }: { children: ReactNode }) {
  const locale = useAntdLocale(useLang());
  const still = usePrefersReducedMotion();
  return (
    <ConfigProvider locale={locale} theme={still ? stillTheme : theme}>
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
