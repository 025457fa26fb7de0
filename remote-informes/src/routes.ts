/**
 * What remote_informes contributes to the shell (DESIGN.md §4, §5): exposed as `./routes`. Each
 * page's path, guards, permission, title and navigation entry are the shared `INFORMES_PAGES`;
 * this file binds the pages to them as lazy chunks, so the shell downloads only the page a
 * visitor opens.
 */
import { INFORMES_PAGES, bindPages } from '@gestion/shared';
import type { PageRoute } from '@gestion/shared/react';

export const routes: PageRoute[] = bindPages(INFORMES_PAGES, {
  informes: () => import('./features/informes/components/InformesPage'),
  informe: () => import('./features/informes/components/InformePage'),
  filtrado: () => import('./features/filtrado/components/FiltradoPage'),
});

export default routes;
