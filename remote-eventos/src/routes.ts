/**
 * What remote_eventos contributes to the shell (DESIGN.md §4, §5): exposed as `./routes`. Pages
 * are lazy chunks so the shell downloads only the page a visitor opens.
 */
import { paths } from '@gestion/shared';
import type { PageRoute } from '@gestion/shared/react';

export const routes: PageRoute[] = [
  {
    path: paths.eventos(),
    page: () => import('./features/eventos/components/EventosPage'),
    guards: ['auth', 'permiso'],
    permission: 'eventos:ver',
    title: { es: 'Eventos', en: 'Events' },
    nav: { order: 10, icon: 'eventos' },
  },
  {
    // A router pattern, not a URL: `paths.eventoPeriodos(id)` builds the links to it.
    path: '/eventos/:id/periodos',
    page: () => import('./features/periodos/components/PeriodosPage'),
    guards: ['auth', 'permiso'],
    permission: 'periodos:ver',
    title: { es: 'Periodos del evento', en: 'Event periods' },
  },
];

export default routes;
