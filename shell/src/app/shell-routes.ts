/** The shell's own pages, described like any remote's (DESIGN.md §5). */
import { paths } from '@gestion/shared';
import type { PageRoute } from '@gestion/shared/react';

export const shellRoutes: PageRoute[] = [
  {
    path: paths.home(),
    page: () => import('../features/home/HomePage'),
    guards: ['auth'],
    title: { es: 'Inicio', en: 'Home' },
    nav: { order: 0, icon: 'inicio' },
  },
  {
    path: paths.accesoDenegado(),
    page: () => import('../features/errors/AccessDeniedPage'),
    title: { es: 'Acceso denegado', en: 'Access denied' },
  },
];
