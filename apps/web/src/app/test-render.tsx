import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { queryClient } from '../lib/query-client.ts';
import { Providers } from './providers.tsx';

/** Renders a route tree of the app at `path`, inside the app's providers, for tests. */
export function renderRoutes(routes: RouteObject[], path: string) {
  queryClient.clear();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { router, ...view };
}
