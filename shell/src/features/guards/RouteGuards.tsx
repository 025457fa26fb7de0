import { createContext, useContext, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import type { PageRoute } from '@gestion/shared/react';
import { useAppSelector } from '../../app/hooks';
import { PageLoading } from '../../components/PageLoading';
import { selectAuth } from '../auth/auth-slice';
import { decide, guardRegistry, type Guard, type GuardDecision, type GuardRegistry } from './guard-registry';

/** Tests may mount routes against their own registry. */
export const GuardRegistryContext = createContext<GuardRegistry>(guardRegistry);

/**
 * What `route`'s guards decide for the current location and auth state (allow without a route).
 * @throws UnknownGuardError when the route names a guard nobody registered, unless `lenient`
 *   (then: allow, and RouteGuards throws later, inside the layout's boundary)
 */
export function useGuardDecision(route: PageRoute | undefined, lenient = false): GuardDecision {
  const registry = useContext(GuardRegistryContext);
  const auth = useAppSelector(selectAuth);
  const location = useLocation();
  if (!route) return { kind: 'allow' };
  let guards: Guard[];
  try {
    guards = registry.resolve(route.guards);
  } catch (error) {
    if (lenient) return { kind: 'allow' };
    throw error;
  }
  return decide(guards, { auth, route, path: `${location.pathname}${location.search}`, visit: location.key });
}

/**
 * Renders `children` when every guard of `route` allows it. An unknown guard name throws while
 * rendering, so the route's error boundary shows the error page (SPEC §8).
 */
export function RouteGuards({ route, children }: { route: PageRoute; children: ReactNode }) {
  const decision = useGuardDecision(route);
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  if (decision.kind === 'wait') return <PageLoading />;
  return <>{children}</>;
}
