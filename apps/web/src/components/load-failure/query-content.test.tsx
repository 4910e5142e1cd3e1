import { QueryClient, useQuery } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { http } from '../../lib/http.ts';
import { LIVE_REFRESH_MS } from '../../lib/live-refresh.ts';
import { jsonResponse, stubFetch } from '../../lib/test-fetch.ts';
import { inEnglish, renderScreen } from '../../test/render-screen.tsx';
import { QueryContent } from './query-content.tsx';

inEnglish();

function Record({ notFound }: { notFound?: ReactNode }) {
  const query = useQuery({
    queryKey: ['record'],
    queryFn: ({ signal }) => http.get<{ name: string }>('/records/1/', { signal }),
  });
  return (
    <QueryContent query={query} notFound={notFound}>
      {(record) => <p data-testid="record">{record.name}</p>}
    </QueryContent>
  );
}

const noRetries = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

let timer: ReturnType<typeof setInterval> | undefined;
afterEach(() => clearInterval(timer));

describe("a record's load", { timeout: 30_000 }, () => {
  it("that is not there shows the screen's own not-found, or says so without a Retry that could not help", async () => {
    stubFetch({ 'GET /records/1/': () => jsonResponse(404, { detail: 'Not found.' }) });
    const first = renderScreen(<Record notFound={<p data-testid="gone">gone</p>} />, { queryClient: noRetries() });
    expect(await screen.findByTestId('gone')).toBeInTheDocument();
    first.unmount();

    renderScreen(<Record />, { queryClient: noRetries() });
    const failure = await screen.findByTestId('load-failure');
    expect(failure).toHaveTextContent('The data could not be loadedIt is not there: it may have been deleted.');
    expect(within(failure).queryByRole('button')).not.toBeInTheDocument();
  });

  it('refused as not allowed says so, without Retry', async () => {
    stubFetch({
      'GET /records/1/': () => jsonResponse(403, { detail: 'You do not have permission to perform this action.' }),
    });
    renderScreen(<Record />, { queryClient: noRetries() });
    const failure = await screen.findByTestId('load-failure');
    expect(failure).toHaveTextContent('You have no access to it.');
    expect(failure).not.toHaveTextContent('permission');
    expect(within(failure).queryByRole('button')).not.toBeInTheDocument();
  });

  it(
    "fails once the app's retries are spent, though the live updates keep asking for it",
    { timeout: 60_000 },
    async () => {
      const api = stubFetch({ 'GET /records/1/': () => new Response('<html>502 Bad Gateway</html>', { status: 502 }) });
      // The app's own client: two retries, a second and two apart.
      const { queryClient } = renderScreen(<Record />);
      // The live updates of a busy charging network: as often as they refresh a screen (lib/live-refresh.ts).
      timer = setInterval(() => void queryClient.invalidateQueries(), LIVE_REFRESH_MS);
      const failure = await screen.findByTestId('load-failure', {}, { timeout: 20_000 });
      expect(api.callsTo('GET /records/1/').length).toBeGreaterThanOrEqual(3);
      expect(failure).toHaveTextContent('The server could not answer. Try again in a moment.');
      expect(failure).not.toHaveTextContent('Bad Gateway');
      // Asked again and again, it stays said: the skeleton never comes back.
      let skeleton = false;
      const watch = new MutationObserver(() => (skeleton ||= document.querySelector('.ant-skeleton') !== null));
      watch.observe(document.body, { childList: true, subtree: true });
      const asked = api.callsTo('GET /records/1/').length;
      await waitFor(() => expect(api.callsTo('GET /records/1/').length).toBeGreaterThan(asked + 1), {
        timeout: 3 * LIVE_REFRESH_MS,
      });
      watch.disconnect();
      expect(skeleton).toBe(false);
      expect(screen.getByTestId('load-failure')).toBeInTheDocument();
    },
  );
});
