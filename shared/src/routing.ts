/**
 * The remote contract (DESIGN.md §5): every remote exposes `./routes`, an array of
 * `RouteDescriptor`s that the shell mounts under its router and layouts, and path builders so no
 * URL is ever concatenated by hand (Keycloak admin console's `to<Page>()` habit).
 */
import type { LayoutName, Locale } from './constants';
import type { PermissionName } from './auth/permissions';

/** Guards the shell registers (DESIGN.md §4). Naming any other guard throws when mounting. */
export const GUARD_NAMES = ['auth', 'guest', 'permiso'] as const;
export type GuardName = (typeof GUARD_NAMES)[number];

/** A text in every supported locale; Spanish is the default. */
export type LocalizedText = Readonly<Record<Locale, string>>;

/**
 * One route a remote contributes. `TPage` is the page component type; the root entry of shared
 * stays free of React, so `@gestion/shared/react` narrows it to `ComponentType`.
 */
export interface RouteDescriptor<TPage = unknown> {
  /** Absolute router path, e.g. `/eventos/:id/periodos`. */
  path: string;
  /** Lazy page chunk: `() => import('./features/x/XPage')`. */
  page: () => Promise<{ default: TPage }>;
  /** Layout name; `default` when absent (SPEC §2). */
  layout?: LayoutName;
  /** Guard names applied in order; unknown names throw (SPEC §2). */
  guards?: readonly string[];
  /** Permission the `permiso` guard requires. */
  permission?: PermissionName;
  /** Document title: just the page title (SPEC §2). */
  title: LocalizedText;
  /** Present when the page belongs in the navigation (only shown to users who may open it). */
  nav?: { order: number; icon?: 'eventos' | 'informes' | 'filtrado' | 'configuracion' | 'inicio' };
}

/** Path builders for every route of the product (DESIGN.md §4). */
export const paths = {
  home: () => '/',
  login: (redirect?: string) =>
    redirect && redirect !== '/' ? `/login?redirect=${encodeURIComponent(redirect)}` : '/login',
  register: () => '/register',
  configuracion: (tab?: string) =>
    tab ? `/configuracion/${encodeURIComponent(tab)}` : '/configuracion',
  eventos: () => '/eventos',
  eventoPeriodos: (id: number | string) => `/eventos/${encodeURIComponent(String(id))}/periodos`,
  filtrado: () => '/filtrado',
  informes: () => '/informes',
  informe: (id: number | string) => `/informes/${encodeURIComponent(String(id))}`,
  accesoDenegado: () => '/accesodenegado',
} as const;

/**
 * True when `target` is a same-origin path safe to navigate to after login (`?redirect=`):
 * it must start with a single `/` (no `//host`, no `/\host`, no scheme). OWASP: unvalidated
 * redirects.
 */
export function isSafeRedirect(target: string | null | undefined): target is string {
  if (!target || !target.startsWith('/')) return false;
  if (target.startsWith('//') || target.startsWith('/\\')) return false;
  // Control characters (tabs, newlines) are dropped by URL parsers and can turn `/\t/evil` into `//evil`.
  return ![...target].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);
}
