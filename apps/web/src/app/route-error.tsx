import { useRouteError } from 'react-router';
import { ErrorScreen } from './error-screen.tsx';

/** A route's errorElement: the error screen for what the route threw or could not load. */
export function RouteError() {
  return <ErrorScreen error={useRouteError()} />;
}
