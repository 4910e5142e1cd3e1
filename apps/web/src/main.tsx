import 'antd/dist/reset.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRouter } from './app/app-router.tsx';
import { Providers } from './app/providers.tsx';
import { installSession } from './app/session/install-session.ts';
import { loadAntdLocale } from './lib/antd-locale.ts';
import { i18nReady, storedLanguage } from './lib/i18n.ts';
import { initLanguage } from './lib/language.ts';

initLanguage();
installSession();

// The starting language's texts (ours and antd's) load on demand; the first render needs them.
// Not a top-level await: lazy chunks import from this entry's chunk, so the bundler would split it.
void Promise.all([i18nReady, loadAntdLocale(storedLanguage())]).then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Providers>
        <AppRouter />
      </Providers>
    </StrictMode>,
  ),
);
