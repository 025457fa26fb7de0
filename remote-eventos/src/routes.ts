/**
 * What remote_eventos contributes to the shell (DESIGN.md §4, §5): exposed as `./routes`. Each
 * page's path, guards, permission, title and navigation entry are the shared `EVENTOS_PAGES`;
 * this file binds the pages to them as lazy chunks, so the shell downloads only the page a
 * visitor opens.
 */
import { EVENTOS_PAGES, bindPages } from '@gestion/shared';
import type { PageRoute } from '@gestion/shared/react';

export const routes: PageRoute[] = bindPages(EVENTOS_PAGES, {
  eventos: () => import('./features/eventos/components/EventosPage'),
  periodos: () => import('./features/periodos/components/PeriodosPage'),
});

export default routes;
