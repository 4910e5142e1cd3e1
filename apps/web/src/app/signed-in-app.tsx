import { createBrowserRouter, RouterProvider } from 'react-router';
import { tokenStore } from '../lib/token-store.ts';
import { signedInRoutes } from './router.tsx';
import { flushRouterUpdate } from './router-flush.ts';

type Router = ReturnType<typeof createBrowserRouter>;
let router: Router | null = null;

/**
 * The signed-in app's router, made at the current address when first needed (a deep link
 * survives signing in), and dropped when the session ends so that it stops following history.
 */
function signedInRouter(): Router {
  if (router) return router;
  const made = createBrowserRouter(signedInRoutes());
  const stop = tokenStore.subscribe(() => {
    if (tokenStore.isSignedIn()) return;
    stop();
    made.dispose();
    if (router === made) router = null;
  });
  router = made;
  return made;
}

/** The shell and every signed-in screen, with react-router: loaded once signed in (app-router.tsx). */
export function SignedInApp() {
  return <RouterProvider router={signedInRouter()} flushSync={flushRouterUpdate} />;
}
