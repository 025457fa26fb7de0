/**
 * What remote_auth contributes to the shell (DESIGN.md §4, §5): exposed as `./routes`. Pages are
 * lazy chunks so the shell downloads only the page a visitor opens.
 */
import { paths } from '@gestion/shared';
import type { PageRoute } from '@gestion/shared/react';

/**
 * Issue #15's pages (LIFECYCLE_PAGES: mailed links and the sign-in steps), in the auth layout.
 * Built by one function over their paths and sharing one title because this file is part of
 * the first visit to /login, which is at its 200 KiB budget: each page sets its own document
 * title (useDocumentTitle), and `pages.ts`, a chunk of a few hundred bytes, loads the page's own
 * chunk.
 */
const lifecyclePage = (path: string, guards?: PageRoute['guards']): PageRoute => ({
  path,
  page: () => import('./features/ciclo-cuenta/pages').then((m) => m.loadPage(path)),
  layout: 'auth',
  guards,
  title: { es: 'Cuenta', en: 'Account' },
});

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
  ...[
    '/recuperar',
    '/restablecer',
    '/invitacion',
    '/verificar',
    '/confirmar-correo',
    '/verificar-acceso',
    // Issue #16's second step of a sign-in (features/mfa-signin): under /login, a prefix the
    // shell's runtime config already routes here.
    '/login/dos-pasos',
    '/login/configurar-dos-pasos',
    // Issue #18: the single sign-on's return from the provider (features/sso), same prefix.
    '/login/sso',
  ].map((path) => lifecyclePage(path)),
  // Only a signed-in user has a password to change (debeCambiarPassword keeps them here).
  lifecyclePage('/cambiar-password', ['auth']),
];

export default routes;
