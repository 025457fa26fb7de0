/**
 * The shell's routes: its own pages plus every remote's `./routes`, each mounted in its layout
 * (SPEC §2: default 'default'; 'mobile' for default pages below 600 px), inside an error
 * boundary and Suspense, behind its guards. Paths of a remote still loading wait; paths of a
 * remote that failed show "Módulo no disponible" with a retry; anything else is a 404.
 */
import { lazy, Suspense, useMemo, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { matchPath, Navigate, Outlet, Route, Routes, useLocation } from 'react-router-dom';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { DEFAULT_LAYOUT, LAYOUTS, type LayoutName, type RemoteConfig } from '@gestion/shared';
import type { PageRoute } from '@gestion/shared/react';
import { LayoutLoading, PageLoading } from '../components/PageLoading';
import { RouteErrorBoundary } from '../features/errors/RouteErrorBoundary';
import { NotFoundPage } from '../features/errors/NotFoundPage';
import { RouteGuards, useGuardDecision } from '../features/guards/RouteGuards';
import { useRemoteRoutes, type LoadRemoteRoutes } from '../features/remotes/use-remote-routes';
import { selectIsAuthenticated } from '../features/auth/auth-slice';
import { useAppSelector } from './hooks';
import { AppRoutesContext } from './app-routes';
import { useDocumentTitle } from './document-title';
import { useLocale } from './i18n';
import { AuthLayout } from './layouts/AuthLayout';
import { shellRoutes } from './shell-routes';

// The app bar, drawer and bottom navigation are their own chunks: a first visit to /login (the
// auth layout) does not download them, nor does a first visit to / (see useRedirectBeforeLayout).
const LAYOUT_COMPONENTS: Record<LayoutName, ComponentType<{ children: ReactNode }>> = {
  auth: AuthLayout,
  default: lazy(() => import('./layouts/DefaultLayout').then((m) => ({ default: m.DefaultLayout }))),
  mobile: lazy(() => import('./layouts/MobileLayout').then((m) => ({ default: m.MobileLayout }))),
};

// Shown only when a remote failed to load, so not part of every first paint: its own chunk (from
// the shell's origin, which is up: it served this page), inside the layout's page Suspense.
const RemoteUnavailable = lazy(() =>
  import('../features/remotes/RemoteUnavailable').then((m) => ({ default: m.RemoteUnavailable })),
);

/** A page route of a layout with its router pattern (routePattern). */
export interface LayoutRoute {
  route: PageRoute;
  pattern: string;
}

/**
 * Where the current page's guards send a visitor who is not signed in, decided before the
 * layout renders: an unauthenticated first visit to / goes straight to /login without
 * downloading the default layout's chunks (app bar, navigation, their MUI components) it would
 * never show (issue #14: / cost 215.6 KiB of JavaScript, /login 199.5). `null`: render the
 * layout, and the page's own RouteGuards decide inside it, as always.
 *
 * Signed in (a token), the layout is needed anyway and stays mounted across a guard's redirect
 * (permiso → /accesodenegado), so this only acts without a token. Only a path exactly one page
 * route of the layout matches is decided here; a guard name nobody registered is left to
 * RouteGuards, which throws inside the layout's boundary (SPEC §8).
 */
export function useRedirectBeforeLayout(routes: readonly LayoutRoute[]): string | null {
  const signedIn = useAppSelector(selectIsAuthenticated);
  const { pathname } = useLocation();
  const matching = signedIn ? [] : routes.filter((r) => matchPath({ path: r.pattern, end: true }, pathname));
  const decision = useGuardDecision(matching.length === 1 ? matching[0]!.route : undefined, true);
  return decision.kind === 'redirect' ? decision.to : null;
}

/** One layout around the routes that ask for it; the page inside a boundary and Suspense. */
export function LayoutFrame({ layout, routes = [] }: { layout: LayoutName; routes?: readonly LayoutRoute[] }) {
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const Layout = LAYOUT_COMPONENTS[layout === 'default' && narrow ? 'mobile' : layout];
  const { pathname } = useLocation();
  const redirect = useRedirectBeforeLayout(routes);
  if (redirect !== null) return <Navigate to={redirect} replace />;
  // The outer boundary covers the layout itself (a lazy chunk that may fail to load after a
  // release); the inner one, reset on every navigation, the page.
  return (
    <RouteErrorBoundary>
      {/* Only the lazy layouts (default, mobile) suspend: the app bar's shape while they load. */}
      <Suspense fallback={<LayoutLoading />}>
        <Layout>
          <RouteErrorBoundary key={pathname}>
            <Suspense fallback={<PageLoading />}>
              <Outlet />
            </Suspense>
          </RouteErrorBoundary>
        </Layout>
      </Suspense>
    </RouteErrorBoundary>
  );
}

const lazyPages = new WeakMap<PageRoute, LazyExoticComponent<ComponentType>>();

function pageOf(route: PageRoute): LazyExoticComponent<ComponentType> {
  let page = lazyPages.get(route);
  if (!page) {
    page = lazy(route.page);
    lazyPages.set(route, page);
  }
  return page;
}

/** A page: its title (SPEC §2: just the page's title), its guards, its lazy chunk. */
export function RoutePage({ route }: { route: PageRoute }) {
  const locale = useLocale();
  useDocumentTitle(route.title[locale] ?? route.title.es);
  const Page = pageOf(route);
  // Its own Suspense so this component commits (and the title changes) while the chunk loads.
  return (
    <RouteGuards route={route}>
      <Suspense fallback={<PageLoading />}>
        <Page />
      </Suspense>
    </RouteGuards>
  );
}

/**
 * The router pattern of a descriptor: a static path with no deeper routes also takes what is
 * below it (`/configuracion/*`) so a remote may route inside its page.
 */
export function routePattern(route: PageRoute, all: readonly PageRoute[]): string {
  const { path } = route;
  if (path === '/' || path.includes(':') || path.endsWith('*')) return path;
  const hasDeeper = all.some((r) => r !== route && r.path.startsWith(`${path}/`));
  return hasDeeper ? path : `${path}/*`;
}

export interface AppRoutesProps {
  remotes: readonly RemoteConfig[];
  loadRoutes: LoadRemoteRoutes;
}

export function AppRoutes({ remotes, loadRoutes }: AppRoutesProps) {
  const { pathname } = useLocation();
  const signedIn = useAppSelector(selectIsAuthenticated);
  const { statuses, retry } = useRemoteRoutes(remotes, loadRoutes, { all: signedIn, pathname });
  const routes = useMemo(
    () => [...shellRoutes, ...statuses.flatMap((s) => (s.state === 'ready' ? s.routes : []))],
    [statuses],
  );
  const byLayout = useMemo(
    () =>
      new Map(
        LAYOUTS.map((layout) => [
          layout,
          routes
            .filter((r) => (r.layout ?? DEFAULT_LAYOUT) === layout)
            .map((route): LayoutRoute => ({ route, pattern: routePattern(route, routes) })),
        ]),
      ),
    [routes],
  );
  const loading = statuses.filter((s) => s.state === 'loading');
  // Not asked for yet: their paths wait (the effect starts them) rather than flash a 404.
  const pending = statuses.filter((s) => s.state === 'loading' || s.state === 'idle');
  const failed = statuses.filter((s) => s.state === 'failed');

  return (
    <AppRoutesContext.Provider value={routes}>
      <Routes>
        {LAYOUTS.map((layout) => (
          <Route key={layout} element={<LayoutFrame layout={layout} routes={byLayout.get(layout)} />}>
            {byLayout.get(layout)?.map(({ route, pattern }) => (
              <Route key={`${layout}:${route.path}`} path={pattern} element={<RoutePage route={route} />} />
            ))}
            {layout === DEFAULT_LAYOUT &&
              failed.flatMap((s) =>
                s.remote.prefixes.map((prefix) => (
                  <Route
                    key={`failed:${prefix}`}
                    path={`${prefix}/*`}
                    element={<RemoteUnavailable onRetry={() => retry(s.remote.name)} />}
                  />
                )),
              )}
            {/* A path no route claims is a 404 only once every remote has said what it has. */}
            {layout === DEFAULT_LAYOUT && (
              <Route path="*" element={loading.length ? <PageLoading /> : <NotFoundPage />} />
            )}
          </Route>
        ))}
        {/* Still loading: no layout yet (it may be 'auth' or 'default'); the one the visitor is
            about to get, judging by whether they are signed in. */}
        {pending.flatMap((s) =>
          s.remote.prefixes.map((prefix) => (
            <Route key={`loading:${prefix}`} path={`${prefix}/*`} element={<LayoutLoading auth={!signedIn} />} />
          )),
        )}
      </Routes>
    </AppRoutesContext.Provider>
  );
}
