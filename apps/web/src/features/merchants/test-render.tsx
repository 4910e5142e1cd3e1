import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { App } from 'antd';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useParams } from 'react-router';
import { createQueryClient } from '../../lib/query-client.ts';

function DetailStandIn() {
  return <p>merchant page {useParams().id}</p>;
}

/**
 * Renders one merchants screen at `path` (matched by `pattern`) with a query cache, antd's App and
 * a router whose merchant pages are stand-ins, so a test can see where the screen went.
 */
export function renderScreen(screen: ReactNode, path: string, pattern = path) {
  const router = createMemoryRouter(
    [
      { path: pattern, element: screen },
      { path: '/merchants/merchant/:id', element: <DetailStandIn /> },
      { path: '*', element: <p>another page</p> },
    ],
    { initialEntries: [path] },
  );
  const view = render(
    <QueryClientProvider client={createQueryClient()}>
      <App>
        <RouterProvider router={router} />
      </App>
    </QueryClientProvider>,
  );
  return { router, ...view };
}
