/**
 * The shell's routes: its own pages plus every remote's `./routes`, each mounted in its layout
 * (SPEC §2: default 'default'; 'mobile' for default pages below 600 px), inside an error
 * boundary and Suspense, behind its guards. Paths of a remote still loading wait; paths of a
 * remote that failed show "Módulo no disponible" with a retry; anything else is a 404.
 */
import { lazy, Suspense, useMemo, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { Outlet, Route, Routes, useLocation } from 'react-router-dom';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { DEFAULT_LAYOUT, LAYOUTS, type LayoutName, type RemoteConfig } from '@gestion/shared';
import type { PageRoute } from '@gestion/shared/react';
import { PageLoading } from '../components/PageLoading';
import { RouteErrorBoundary } from '../features/errors/RouteErrorBoundary';
import { NotFoundPage } from '../features/errors/NotFoundPage';
import { RouteGuards } from '../features/guards/RouteGuards';
import { RemoteUnavailable } from '../features/remotes/RemoteUnavailable';
import { useRemoteRoutes, type LoadRemoteRoutes } from '../features/remotes/use-remote-routes';
import { selectIsAuthenticated } from '../features/auth/auth-slice';
import { useAppSelector } from './hooks';
import { AppRoutesContext } from './app-routes';
import { useDocumentTitle } from './document-title';
import { useLocale } from './i18n';
import { AuthLayout } from './layouts/AuthLayout';
import { shellRoutes } from './shell-routes';

// The app bar, drawer and bottom navigation are their own chunks: a first visit to /login (the
// auth layout) does not download them.
const LAYOUT_COMPONENTS: Record<LayoutName, ComponentType<{ children: ReactNode }>> = {
  auth: AuthLayout,
  default: lazy(() => import('./layouts/DefaultLayout').then((m) => ({ default: m.DefaultLayout }))),
  mobile: lazy(() => import('./layouts/MobileLayout').then((m) => ({ default: m.MobileLayout }))),
};

/** One layout around the routes that ask for it; the page inside a boundary and Suspense. */
export function LayoutFrame({ layout }: { layout: LayoutName }) {
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const Layout = LAYOUT_COMPONENTS[layout === 'default' && narrow ? 'mobile' : layout];
  const { pathname } = useLocation();
  // The outer boundary covers the layout itself (a lazy chunk that may fail to load after a
  // release); the inner one, reset on every navigation, the page.
  return (
    <RouteErrorBoundary>
      <Suspense fallback={<PageLoading />}>
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
  const loading = statuses.filter((s) => s.state === 'loading');
  // Not asked for yet: their paths wait (the effect starts them) rather than flash a 404.
  const pending = statuses.filter((s) => s.state === 'loading' || s.state === 'idle');
  const failed = statuses.filter((s) => s.state === 'failed');

  return (
    <AppRoutesContext.Provider value={routes}>
      <Routes>
        {LAYOUTS.map((layout) => (
          <Route key={layout} element={<LayoutFrame layout={layout} />}>
            {routes
              .filter((r) => (r.layout ?? DEFAULT_LAYOUT) === layout)
              .map((r) => (
                <Route key={`${layout}:${r.path}`} path={routePattern(r, routes)} element={<RoutePage route={r} />} />
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
        {/* Still loading: no layout yet (it may be 'auth' or 'default'), just the spinner. */}
        {pending.flatMap((s) =>
          s.remote.prefixes.map((prefix) => (
            <Route key={`loading:${prefix}`} path={`${prefix}/*`} element={<PageLoading />} />
          )),
        )}
      </Routes>
    </AppRoutesContext.Provider>
  );
}
