import { paths } from '@gestion/shared';
import { describeRemoteRoutes } from '@gestion/ui/testing';
import routesDefault, { routes } from './routes';

describeRemoteRoutes('remote_informes', { routes, routesDefault }, [
  {
    path: '/informes',
    permission: 'informes:ver',
    title: { es: 'Informes', en: 'Reports' },
    nav: { order: 20, icon: 'informes' },
  },
  // One report: outside the navigation.
  {
    path: '/informes/:id',
    permission: 'informes:ver',
    title: { es: 'Informe', en: 'Report' },
    link: [paths.informe(5), { id: '5' }],
  },
  {
    path: '/filtrado',
    permission: 'filtrado:usar',
    title: { es: 'Filtrado', en: 'Filtering' },
    nav: { order: 30, icon: 'filtrado' },
  },
]);
