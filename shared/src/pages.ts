/**
 * The pages of remote_eventos and remote_informes as the product defines them (SPEC §2 routes):
 * each page's router path, guards, permission, title and navigation entry, written once. A
 * remote's `routes.ts` only binds its lazy page chunks to these (`bindPages`), and its routes
 * test checks them against the same table, so a page's facts are stated in one place.
 *
 * One export per remote, not one map of all: each remote bundles only its own table (the root
 * entry of @gestion/shared is private and tree-shaken per build), and its `routes` chunk is part
 * of the first visit.
 */
import { paths, type RouteDescriptor } from './routing';

/** What a page is, but its component: a route descriptor without `page`. */
export type PageSpec = Omit<RouteDescriptor, 'page'>;

/** Every page here asks for a signed-in user holding the page's permission (SPEC §2). */
// The paths are `@__PURE__` so a remote's build, which keeps only its own table, drops the other
// table's `paths.x()` calls too (terser cannot tell they have no side effect).
const SIGNED_IN_WITH_PERMISSION = ['auth', 'permiso'] as const;

/** remote_eventos' pages, in the order it mounts them. */
export const EVENTOS_PAGES = {
  eventos: {
    path: /* @__PURE__ */ paths.eventos(),
    guards: SIGNED_IN_WITH_PERMISSION,
    permission: 'eventos:ver',
    title: { es: 'Eventos', en: 'Events' },
    nav: { order: 10, icon: 'eventos' },
  },
  periodos: {
    // A router pattern, not a URL: `paths.eventoPeriodos(id)` builds the links to it.
    path: '/eventos/:id/periodos',
    guards: SIGNED_IN_WITH_PERMISSION,
    permission: 'periodos:ver',
    title: { es: 'Periodos del evento', en: 'Event periods' },
  },
} as const satisfies Record<string, PageSpec>;

/** remote_informes' pages, in the order it mounts them. */
export const INFORMES_PAGES = {
  informes: {
    path: /* @__PURE__ */ paths.informes(),
    guards: SIGNED_IN_WITH_PERMISSION,
    permission: 'informes:ver',
    title: { es: 'Informes', en: 'Reports' },
    nav: { order: 20, icon: 'informes' },
  },
  informe: {
    // A router pattern, not a URL: `paths.informe(id)` builds the links to it. Outside the
    // navigation: one report is opened from the list.
    path: '/informes/:id',
    guards: SIGNED_IN_WITH_PERMISSION,
    permission: 'informes:ver',
    title: { es: 'Informe', en: 'Report' },
  },
  filtrado: {
    path: /* @__PURE__ */ paths.filtrado(),
    guards: SIGNED_IN_WITH_PERMISSION,
    permission: 'filtrado:usar',
    title: { es: 'Filtrado', en: 'Filtering' },
    nav: { order: 30, icon: 'filtrado' },
  },
} as const satisfies Record<string, PageSpec>;

/**
 * A remote's route descriptors: each page of its table (`EVENTOS_PAGES`…) with the lazy chunk
 * the remote binds to it, in the table's order. `pages` must name every page of the table.
 */
export function bindPages<K extends string, TPage>(
  table: Readonly<Record<K, PageSpec>>,
  pages: Readonly<Record<K, RouteDescriptor<TPage>['page']>>,
): RouteDescriptor<TPage>[] {
  return (Object.keys(table) as K[]).map((key) => ({ ...table[key], page: pages[key] }));
}
