import { useTranslation } from 'react-i18next';
import { useMatches, type Params } from 'react-router';
import { routeById, type AppRoute, type RouteId } from './route-table.ts';

/** What the router keeps on each route of the table, so the shell can find the table entry. */
export interface RouteHandle {
  routeId: RouteId;
}

function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null && 'routeId' in value;
}

/** The table entry of the deepest matched route and its params; no route on the not-found page. */
export function useCurrentRoute(): { route: AppRoute | undefined; params: Params } {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const match = matches[i]!;
    if (isRouteHandle(match.handle)) return { route: routeById(match.handle.routeId), params: match.params };
  }
  return { route: undefined, params: {} };
}

/** The `shell` key of a route's title: the edit title when its optional :id is present. */
export function routeTitleKey(route: AppRoute, params: Params): string {
  return `routes.${route.idTitle && params.id ? route.idTitle : route.id}`;
}

/** The current page's title in the current language. */
export function useRouteTitle(): string {
  const { t } = useTranslation('shell');
  const { route, params } = useCurrentRoute();
  return route ? t(routeTitleKey(route, params)) : t('routes.not_found');
}
