import { Suspense } from 'react';
import { useBrowserLocation } from '../lib/browser-location.ts';
import { withNamespaces } from '../lib/i18n.ts';
import { lazyWithReload } from '../lib/lazy-with-reload.ts';
import { LightSpinner } from './light-spinner.tsx';
import { ScreenErrorBoundary } from './screen-error-boundary.tsx';
import { SignedOutLayout } from './signed-out-layout.tsx';

/*
 * The signed-out screens by address, without react-router (lib/browser-location.ts): sign-in at
 * any address but the two of password recovery, so a deep link survives signing in. Each screen
 * loads with its texts (the accounts feature's).
 */
const NAMESPACES = ['accounts'];
const SignInPage = lazyWithReload(
  withNamespaces(NAMESPACES, () => import('../features/accounts/sign-in-page.tsx').then((m) => m.SignInPage)),
);
const ResetPasswordPage = lazyWithReload(
  withNamespaces(NAMESPACES, () =>
    import('../features/accounts/reset-password-page.tsx').then((m) => m.ResetPasswordPage),
  ),
);
const ChangePasswordPage = lazyWithReload(
  withNamespaces(NAMESPACES, () =>
    import('../features/accounts/change-password-page.tsx').then((m) => m.ChangePasswordPage),
  ),
);

/** The screen at an address, matched as the router did: in any case, with or without a trailing slash. */
function ScreenAt({ pathname }: { pathname: string }) {
  switch (pathname.replace(/\/+$/, '').toLowerCase()) {
    case '/reset-password':
      return <ResetPasswordPage />;
    case '/change-password':
      return <ChangePasswordPage />;
    default:
      return <SignInPage />;
  }
}

export function SignedOutApp() {
  const { pathname } = useBrowserLocation();
  return (
    <SignedOutLayout>
      {/* A new address starts with no error: the boundary is remade. */}
      <ScreenErrorBoundary key={pathname}>
        <Suspense fallback={<LightSpinner />}>
          <ScreenAt pathname={pathname} />
        </Suspense>
      </ScreenErrorBoundary>
    </SignedOutLayout>
  );
}
