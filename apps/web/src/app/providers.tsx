import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider, type ThemeConfig } from 'antd';
import type { Locale } from 'antd/es/locale';
import en_US from 'antd/es/locale/en_US';
import ru_RU from 'antd/es/locale/ru_RU';
import type { ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { isLang, type Lang } from '@evcms/contracts/i18n';
import { i18n } from '../lib/i18n.ts';
import { queryClient } from '../lib/query-client.ts';
import ky_KG from '../locales/antd-ky.ts';

export const theme: ThemeConfig = {
  token: { colorPrimary: '#13a8a8', colorLink: '#13a8a8', borderRadius: 8 },
  components: {
    Layout: { siderBg: '#ffffff', headerBg: '#ffffff', headerPadding: '0 24px', bodyBg: '#f5f7f8' },
    Menu: { itemBorderRadius: 8 },
  },
};

const antdLocales: Record<Lang, Locale> = { ru: ru_RU, en: en_US, ky: ky_KG };

/** Ant Design follows the interface language (its own texts, date pickers), so it re-renders on a switch. */
function ThemedAnt({ children }: { children: ReactNode }) {
  const { i18n: instance } = useTranslation();
  const lang: Lang = isLang(instance.language) ? instance.language : 'ru';
  return (
    <ConfigProvider locale={antdLocales[lang]} theme={theme}>
      {/* antd's App gives message, notification and modal the theme and locale (App.useApp). */}
      <AntApp>{children}</AntApp>
    </ConfigProvider>
  );
}

export function Providers({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <ThemedAnt>{children}</ThemedAnt>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
