import { render } from '@testing-library/react';
import { App } from 'antd';
import type { ReactNode } from 'react';
import { i18n } from '../lib/i18n.ts';

/** Tests read English labels; the app itself starts in Russian. */
export async function switchToEnglish() {
  await i18n.changeLanguage('en');
}

/** Renders inside antd <App>, as the application does, so App.useApp() modals work. */
export function renderInApp(ui: ReactNode) {
  return render(<App>{ui}</App>);
}
