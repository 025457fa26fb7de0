/**
 * The navigation of the default and mobile layouts (DESIGN.md §5): the routes that ask to be in
 * it (`nav`) and that the signed-in user may open. Hiding is only for the eye — the guards and
 * the api enforce access.
 */
import { hasPermission, type Locale, type User } from '@gestion/shared';
import type { PageRoute } from '@gestion/shared/react';

export interface NavItem {
  path: string;
  label: string;
  icon: NonNullable<PageRoute['nav']>['icon'];
  order: number;
}

export function navItemsFor(routes: readonly PageRoute[], user: User | null, locale: Locale): NavItem[] {
  if (!user) return [];
  return routes
    .filter((r): r is PageRoute & { nav: NonNullable<PageRoute['nav']> } => r.nav !== undefined)
    .filter((r) => !r.path.includes(':'))
    .filter((r) => !r.permission || hasPermission(user, r.permission))
    .map((r) => ({ path: r.path, label: r.title[locale], icon: r.nav.icon, order: r.nav.order }))
    .sort((a, b) => a.order - b.order || a.label.localeCompare(b.label));
}

/** True when `pathname` is the item's page or one below it. */
export function isActive(item: Pick<NavItem, 'path'>, pathname: string): boolean {
  return item.path === '/' ? pathname === '/' : pathname === item.path || pathname.startsWith(`${item.path}/`);
}
