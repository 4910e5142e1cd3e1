import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { App } from 'antd';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createQueryClient } from '../../lib/query-client.ts';

/** Renders one screen of this feature in a data router (the form's unsaved-changes guard needs one), with a query cache and antd App. */
export function renderScreen(screen: ReactNode, path = '/') {
  const router = createMemoryRouter([{ path: '*', element: screen }], { initialEntries: [path] });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <App>
        <RouterProvider router={router} />
      </App>
    </QueryClientProvider>,
  );
  return router;
}
