import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../lib/test-fetch.ts';
import { inEnglish, renderScreen } from '../../test/render-screen.tsx';
import { ExportButton } from './export-button.tsx';

inEnglish();

// jsdom has no object URLs; the browser's own are what a download goes through.
const created = vi.fn((_blob: Blob) => 'blob:export');
Object.assign(URL, { createObjectURL: created, revokeObjectURL: () => undefined });
afterEach(() => created.mockClear());

/** A blob's text: Node 20's fetch makes its own Blob (with text()); Node 24's the environment's, jsdom's, read by FileReader. */
const textOf = (blob: Blob) =>
  typeof blob.text === 'function'
    ? blob.text()
    : new Promise<string>((resolve, reject) => {
        const reader = new FileReader();
        reader.onload = () => resolve(String(reader.result));
        reader.onerror = () => reject(reader.error);
        reader.readAsText(blob);
      });

describe('ExportButton', () => {
  it('downloads the list with its filters in the format chosen, named by the date', async () => {
    const api = stubFetch({
      'GET /users/export/': () => new Response('id\r\n1\r\n', { headers: { 'content-type': 'text/csv' } }),
    });
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    const user = userEvent.setup({ delay: null });
    renderScreen(
      <ExportButton
        path="/users/export/"
        query={{ search: 'Asanov', registration_date__from: '2026-01-01' }}
        fileName="users"
      />,
    );

    await user.click(screen.getByRole('button', { name: /Export/ }));
    await user.click(await screen.findByText('CSV (.csv)'));

    await waitFor(() => expect(clicked).toHaveLength(1));
    const sent = api.callsTo('GET /users/export/')[0]!.url.searchParams;
    expect(Object.fromEntries(sent)).toEqual({
      search: 'Asanov',
      registration_date__from: '2026-01-01',
      format: 'csv',
    });
    expect(clicked[0]!.download).toMatch(/^users-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(await textOf(created.mock.calls[0]![0])).toBe('id\r\n1\r\n');
  });
});
