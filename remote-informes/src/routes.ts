/**
 * What remote_informes contributes to the shell (DESIGN.md §4, §5): exposed as `./routes`. Pages
 * are lazy chunks so the shell downloads only the page a visitor opens.
 */
import { paths } from '@gestion/shared';
import type { PageRoute } from '@gestion/shared/react';

export const routes: PageRoute[] = [
  {
    path: paths.informes(),
    page: () => import('./features/informes/components/InformesPage'),
    guards: ['auth', 'permiso'],
    permission: 'informes:ver',
    title: { es: 'Informes', en: 'Reports' },
    nav: { order: 20, icon: 'informes' },
  },
  {
    // A router pattern, not a URL: `paths.informe(id)` builds the links to it.
    path: '/informes/:id',
    page: () => import('./features/informes/components/InformePage'),
    guards: ['auth', 'permiso'],
    permission: 'informes:ver',
    title: { es: 'Informe', en: 'Report' },
  },
  {
    path: paths.filtrado(),
    page: () => import('./features/filtrado/components/FiltradoPage'),
    guards: ['auth', 'permiso'],
    permission: 'filtrado:usar',
    title: { es: 'Filtrado', en: 'Filtering' },
    nav: { order: 30, icon: 'filtrado' },
  },
];

export default routes;
