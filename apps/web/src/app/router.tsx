import { Suspense } from 'react';
import type { RouteObject } from 'react-router';
import { NAMESPACES, withNamespaces } from '../lib/i18n.ts';
import { lazyWithReload } from '../lib/lazy-with-reload.ts';
import { PageSpinner } from './page-spinner.tsx';
import { RouteError } from './route-error.tsx';
import { ROUTES } from './route-table.ts';
import type { RouteHandle } from './use-current-route.ts';

/*
 * The signed-in route tree: the shell around the route table. The signed-out screens have no
 * router (signed-out-app.tsx). Everything below the root loads on demand; the shell holds every
 * feature's pages, so it comes with every namespace (app-router.tsx loads them with this module).
 */
const AppShell = lazyWithReload(
  withNamespaces(NAMESPACES, () => import('./shell/app-shell.tsx').then((m) => m.AppShell)),
);
const NotFoundPage = lazyWithReload(() => import('./pages/not-found-page.tsx').then((m) => m.NotFoundPage));
const pages = new Map(ROUTES.map((route) => [route.id, lazyWithReload(route.page)]));

export function signedInRoutes(): RouteObject[] {
  return [
    {
      element: (
        <Suspense fallback={<PageSpinner fullScreen />}>
          <AppShell />
        </Suspense>
      ),
      errorElement: <RouteError />,
      children: [
        ...ROUTES.map((route) => {
          const Page = pages.get(route.id)!;
          const handle: RouteHandle = { routeId: route.id };
          // Each page has its own error element, so a failing screen keeps the shell around it.
          return { path: route.path, element: <Page />, handle, errorElement: <RouteError /> };
        }),
        { path: '*', element: <NotFoundPage />, errorElement: <RouteError /> },
      ],
    },
  ];
}
