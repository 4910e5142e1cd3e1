import { Suspense } from 'react';
import { NAMESPACES, withNamespaces } from '../lib/i18n.ts';
import { lazyWithReload } from '../lib/lazy-with-reload.ts';
import { LightSpinner } from './light-spinner.tsx';
import { ScreenErrorBoundary } from './screen-error-boundary.tsx';
import { SignedOutApp } from './signed-out-app.tsx';
import { useSignedIn } from './session/use-signed-in.ts';

// The router, the shell and every namespace load once signed in, side by side.
const SignedInApp = lazyWithReload(
  withNamespaces(NAMESPACES, () => import('./signed-in-app.tsx').then((m) => m.SignedInApp)),
);

/**
 * Signed out, the sign-in and recovery screens, without a router; signed in, the shell and its
 * screens under react-router. Signing in or out swaps the whole tree at the current address.
 */
export function AppRouter() {
  const signedIn = useSignedIn();
  if (!signedIn) return <SignedOutApp />;
  return (
    <ScreenErrorBoundary>
      <Suspense fallback={<LightSpinner fullScreen />}>
        <SignedInApp />
      </Suspense>
    </ScreenErrorBoundary>
  );
}
