import 'antd/dist/reset.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRouter } from './app/app-router.tsx';
import { Providers } from './app/providers.tsx';
import { installSession } from './app/session/install-session.ts';
import { initLanguage } from './lib/language.ts';

initLanguage();
installSession();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers>
      <AppRouter />
    </Providers>
  </StrictMode>,
);
