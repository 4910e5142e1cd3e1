import { flushSync } from 'react-dom';

/*
 * For RouterProvider's flushSync: a navigation asked to flush (the lists' filters, see
 * use-list-params.ts) renders at once instead of as a transition. `react-router/dom` would pass
 * ReactDOM's own, but in the tests it loads the CommonJS build beside the ES one, and the routes
 * then miss the router's context.
 */
export const flushRouterUpdate = (update: () => unknown) => void flushSync(update);
