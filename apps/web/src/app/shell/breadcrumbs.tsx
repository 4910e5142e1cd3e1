import { Breadcrumb } from 'antd';
import { useTranslation } from 'react-i18next';
import { generatePath, Link, type Params } from 'react-router';
import { menuGroupOf, menuEntryOf, routeChain, type AppRoute } from '../route-table.ts';
import { routeTitleKey, useCurrentRoute } from '../use-current-route.ts';
import { useCrumbNames } from './use-crumb-names.ts';

function pathOf(route: AppRoute, params: Params): string | undefined {
  try {
    return generatePath(route.path, params);
  } catch {
    // A parent whose required :param this page does not have cannot be linked.
    return undefined;
  }
}

/**
 * Breadcrumbs from the menu root: the menu group (if any), then the route's ancestors, then the
 * page. A crumb that repeats the one before ('Merchants / Merchants') is dropped.
 */
export function Breadcrumbs() {
  const { t } = useTranslation('shell');
  const { route, params } = useCurrentRoute();
  const chain = route ? routeChain(route.id) : [];
  const names = useCrumbNames(
    chain.map((item) => item.id),
    params,
  );
  if (!route) return null;
  const entry = menuEntryOf(route.id);
  const group = entry ? menuGroupOf(entry) : undefined;

  const crumbs: { key: string; title: string; to?: string | undefined }[] = [];
  if (group) crumbs.push({ key: group, title: t(`menu.${group}`) });
  chain.forEach((item, index) => {
    const last = index === chain.length - 1;
    crumbs.push({
      key: item.id,
      title: names[item.id] ?? t(routeTitleKey(item, params)),
      to: last ? undefined : pathOf(item, params),
    });
  });
  const items = crumbs
    .filter((crumb, index) => index === 0 || crumb.title !== crumbs[index - 1]!.title)
    .map((crumb) => ({ key: crumb.key, title: crumb.to ? <Link to={crumb.to}>{crumb.title}</Link> : crumb.title }));

  return (
    <nav data-testid="breadcrumbs" aria-label={t('breadcrumbs')} style={{ marginBottom: 16 }}>
      <Breadcrumb items={items} />
    </nav>
  );
}
