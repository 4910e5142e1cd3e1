import { Suspense } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { NAMESPACES, withNamespaces } from '../lib/i18n.ts';
import { lazyWithReload } from '../lib/lazy-with-reload.ts';
import { PageSpinner } from './page-spinner.tsx';
import { RouteError } from './route-error.tsx';
import { ROUTES } from './route-table.ts';
import type { RouteHandle } from './use-current-route.ts';
import { SignedOutLayout } from './signed-out-layout.tsx';

/*
 * Two route trees: signed out (sign-in at the catch-all, /reset-password, /change-password) and
 * signed in (the shell around the route table). Everything below the signed-in root is loaded on
 * demand, so the sign-in screen does not download the shell or any signed-in page. Translations
 * come with the code: the signed-out screens are the accounts feature's, and the shell holds
 * every feature's pages, so it loads every namespace.
 */
const SIGNED_OUT_NAMESPACES = ['accounts'];
const SignInPage = lazyWithReload(
  withNamespaces(SIGNED_OUT_NAMESPACES, () => import('../features/accounts/sign-in-page.tsx').then((m) => m.SignInPage)),
);
const ResetPasswordPage = lazyWithReload(
  withNamespaces(SIGNED_OUT_NAMESPACES, () =>
    import('../features/accounts/reset-password-page.tsx').then((m) => m.ResetPasswordPage),
  ),
);
const ChangePasswordPage = lazyWithReload(
  withNamespaces(SIGNED_OUT_NAMESPACES, () =>
    import('../features/accounts/change-password-page.tsx').then((m) => m.ChangePasswordPage),
  ),
);
const AppShell = lazyWithReload(withNamespaces(NAMESPACES, () => import('./shell/app-shell.tsx').then((m) => m.AppShell)));
const NotFoundPage = lazyWithReload(() => import('./pages/not-found-page.tsx').then((m) => m.NotFoundPage));
const pages = new Map(ROUTES.map((route) => [route.id, lazyWithReload(route.page)]));

export function signedOutRoutes(): RouteObject[] {
  return [
    {
      element: <SignedOutLayout />,
      errorElement: <RouteError />,
      children: [
        { path: '/reset-password', element: <ResetPasswordPage /> },
        { path: '/change-password', element: <ChangePasswordPage /> },
        { path: '*', element: <SignInPage /> },
      ],
    },
  ];
}

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

type AppRouter = ReturnType<typeof createBrowserRouter>;
let current: { signedIn: boolean; router: AppRouter } | null = null;

/**
 * The router for the session state. Signing in or out swaps the whole tree at the current
 * address (a deep link survives signing in); the old router stops listening to history.
 */
export function routerFor(signedIn: boolean): AppRouter {
  if (current?.signedIn === signedIn) return current.router;
  current?.router.dispose();
  const router = createBrowserRouter(signedIn ? signedInRoutes() : signedOutRoutes());
  current = { signedIn, router };
  return router;
}
