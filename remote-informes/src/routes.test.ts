import { INFORMES_PAGES, paths } from '@gestion/shared';
import { describeRemoteRoutes } from '@gestion/ui/testing';
import FiltradoPage from './features/filtrado/components/FiltradoPage';
import InformePage from './features/informes/components/InformePage';
import InformesPage from './features/informes/components/InformesPage';
import routesDefault, { routes } from './routes';

describeRemoteRoutes(
  'remote_informes',
  { routes, routesDefault },
  {
    table: INFORMES_PAGES,
    components: { informes: InformesPage, informe: InformePage, filtrado: FiltradoPage },
    links: { informe: [paths.informe(5), { id: '5' }] },
  },
);
