import { createContext, useContext, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import type { PageRoute } from '@gestion/shared/react';
import { useAppSelector } from '../../app/hooks';
import { PageLoading } from '../../components/PageLoading';
import { selectAuth } from '../auth/auth-slice';
import { decide, guardRegistry, type GuardRegistry } from './guard-registry';

/** Tests may mount routes against their own registry. */
export const GuardRegistryContext = createContext<GuardRegistry>(guardRegistry);

/**
 * Renders `children` when every guard of `route` allows it. An unknown guard name throws while
 * rendering, so the route's error boundary shows the error page (SPEC §8).
 */
export function RouteGuards({ route, children }: { route: PageRoute; children: ReactNode }) {
  const registry = useContext(GuardRegistryContext);
  const guards = registry.resolve(route.guards);
  const auth = useAppSelector(selectAuth);
  const location = useLocation();
  const decision = decide(guards, {
    auth,
    route,
    path: `${location.pathname}${location.search}`,
    visit: location.key,
  });
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  if (decision.kind === 'wait') return <PageLoading />;
  return <>{children}</>;
}
