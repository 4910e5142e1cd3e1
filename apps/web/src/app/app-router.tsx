import { RouterProvider } from 'react-router';
import { routerFor } from './router.tsx';
import { useSignedIn } from './session/use-signed-in.ts';

export function AppRouter() {
  const signedIn = useSignedIn();
  return <RouterProvider router={routerFor(signedIn)} />;
}
