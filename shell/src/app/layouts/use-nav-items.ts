import { useMemo } from 'react';
import { useAppSelector } from '../hooks';
import { useAppRoutes } from '../app-routes';
import { useLocale } from '../i18n';
import { selectUser } from '../../features/auth/auth-slice';
import { navItemsFor, type NavItem } from '../../features/navigation/nav-items';

export function useNavItems(): NavItem[] {
  const routes = useAppRoutes();
  const user = useAppSelector(selectUser);
  const locale = useLocale();
  return useMemo(() => navItemsFor(routes, user, locale), [routes, user, locale]);
}
