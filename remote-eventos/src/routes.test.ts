import { EVENTOS_PAGES, paths } from '@gestion/shared';
import { describeRemoteRoutes } from '@gestion/ui/testing';
import EventosPage from './features/eventos/components/EventosPage';
import PeriodosPage from './features/periodos/components/PeriodosPage';
import routesDefault, { routes } from './routes';

describeRemoteRoutes(
  'remote_eventos',
  { routes, routesDefault },
  {
    table: EVENTOS_PAGES,
    components: { eventos: EventosPage, periodos: PeriodosPage },
    links: { periodos: [paths.eventoPeriodos(42), { id: '42' }] },
  },
);
