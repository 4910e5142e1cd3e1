import { DownloadOutlined } from '@ant-design/icons';
import { App, Button, Dropdown } from 'antd';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TIME_ZONE } from '@evcms/contracts/dates';
import type { ExportFormat } from '@evcms/contracts/exports';
import { http, type QueryValue } from '../../lib/http.ts';
import { errorMessage } from '../../lib/localized-text.tsx';
import { useFocusMenu } from './use-focus-menu.ts';

/*
 * Downloads a list as the server exports it (xlsx or csv), with the filters on screen. The file
 * is fetched with the session's token (a plain link would carry none), then handed to the browser.
 */

export interface ExportButtonProps {
  /** The export endpoint, e.g. '/users/export/'. */
  path: string;
  /** The list's filters as its own request sends them (no page or size). */
  query: Record<string, QueryValue>;
  /** The file's name before its date: 'users' gives users-2026-11-24.xlsx. */
  fileName: string;
}

/** Today's date in Bishkek, as the server names its files. */
function today(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE }).format(new Date());
}

function save(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  link.click();
  // After the click has started the download; revoking at once can cancel it in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export function ExportButton({ path, query, fileName }: ExportButtonProps) {
  const { t } = useTranslation('components');
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const menuId = useId();
  useFocusMenu(open, menuId, button);

  const download = async (format: ExportFormat) => {
    setBusy(true);
    try {
      const blob = await http.get<Blob>(path, { query: { ...query, format }, responseType: 'blob' });
      save(blob, `${fileName}-${today()}.${format}`);
    } catch (error) {
      void message.error(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  const items = [
    { key: 'xlsx', label: t('export.xlsx') },
    { key: 'csv', label: t('export.csv') },
  ];
  const choose = (format: ExportFormat) => {
    // The menu closes under the keyboard's focus; it goes back to the button, not to the page's start.
    button.current?.focus();
    void download(format);
  };
  // Enter on the button opens the menu with the focus in it, so the arrows pick a format: antd's
  // autoFocus, and useFocusMenu when the menu is slow to show.
  return (
    <Dropdown
      autoFocus
      menu={{ id: menuId, items, onClick: ({ key }) => choose(key as ExportFormat) }}
      onOpenChange={setOpen}
      trigger={['click']}
    >
      <Button ref={button} icon={<DownloadOutlined aria-hidden />} loading={busy} data-testid="export-button">
        {t('export.button')}
      </Button>
    </Dropdown>
  );
}
