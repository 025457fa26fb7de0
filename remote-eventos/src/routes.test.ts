import { paths } from '@gestion/shared';
import { describeRemoteRoutes } from '@gestion/ui/testing';
import routesDefault, { routes } from './routes';

describeRemoteRoutes('remote_eventos', { routes, routesDefault }, [
  {
    path: '/eventos',
    permission: 'eventos:ver',
    title: { es: 'Eventos', en: 'Events' },
    nav: { order: 10, icon: 'eventos' },
  },
  {
    path: '/eventos/:id/periodos',
    permission: 'periodos:ver',
    title: { es: 'Periodos del evento', en: 'Event periods' },
    link: [paths.eventoPeriodos(42), { id: '42' }],
  },
]);
