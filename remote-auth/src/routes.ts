/**
 * What remote_auth contributes to the shell (DESIGN.md §4, §5): exposed as `./routes`. Pages are
 * lazy chunks so the shell downloads only the page a visitor opens.
 */
import { paths } from '@gestion/shared';
import type { PageRoute } from '@gestion/shared/react';

export const routes: PageRoute[] = [
  {
    // No guard: right after registering, the spec sends a signed-in user here (SPEC §4).
    path: paths.login(),
    page: () => import('./features/login/components/LoginPage'),
    layout: 'auth',
    title: { es: 'Iniciar sesión', en: 'Sign in' },
  },
  {
    path: paths.register(),
    page: () => import('./features/register/components/RegisterPage'),
    layout: 'auth',
    guards: ['guest'],
    title: { es: 'Crear cuenta', en: 'Create account' },
  },
  {
    path: paths.configuracion(),
    page: () => import('./features/configuracion/components/ConfiguracionPage'),
    guards: ['auth'],
    title: { es: 'Configuración', en: 'Settings' },
    nav: { order: 90, icon: 'configuracion' },
  },
];

export default routes;
