import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { App } from 'antd';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createQueryClient } from '../../lib/query-client.ts';

/** Renders one screen of this feature at `path` with what it needs around it (query cache, antd App, router). */
export function renderScreen(screen: ReactNode, path = '/', pattern = '*') {
  const router = createMemoryRouter(
    [
      { path: pattern, element: screen },
      { path: '/reset-password', element: <p>reset password screen</p> },
    ],
    { initialEntries: [path] },
  );
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <App>
        <RouterProvider router={router} />
      </App>
    </QueryClientProvider>,
  );
}
