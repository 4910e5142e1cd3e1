import { RouterProvider } from 'react-router';
import { routerFor } from './router.tsx';
import { flushRouterUpdate } from './router-flush.ts';
import { useSignedIn } from './session/use-signed-in.ts';

export function AppRouter() {
  const signedIn = useSignedIn();
  // The key remounts the provider: it keeps the first router's state otherwise, and the old
  // tree's matches would be read against the new tree's routes.
  return (
    <RouterProvider key={signedIn ? 'signed-in' : 'signed-out'} router={routerFor(signedIn)} flushSync={flushRouterUpdate} />
  );
}
