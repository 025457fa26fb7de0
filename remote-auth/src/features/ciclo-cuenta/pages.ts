/**
 * Issue #15's pages by path (LIFECYCLE_PAGES), each its own chunk. routes.ts reaches them
 * through this small chunk so the route list, part of the first visit to /login, names no chunk
 * per page.
 */
import type { ComponentType } from 'react';

type PageModule = Promise<{ default: ComponentType }>;

const pages: Readonly<Record<string, () => PageModule>> = {
  '/recuperar': () => import('./components/RecuperarPage'),
  '/restablecer': () => import('./components/RestablecerPage'),
  '/invitacion': () => import('./components/InvitacionPage'),
  '/verificar': () => import('./components/VerificarPage'),
  '/confirmar-correo': () => import('./components/ConfirmarCorreoPage'),
  '/cambiar-password': () => import('./components/CambiarPasswordPage'),
  '/verificar-acceso': () => import('./components/VerificarAccesoPage'),
  // Issue #16's second step of a sign-in, routed with these pages (routes.ts).
  '/login/dos-pasos': () => import('../mfa-signin/DosPasosPage'),
  '/login/configurar-dos-pasos': () => import('../mfa-signin/ConfigurarDosPasosPage'),
  // Issue #18's return from a single sign-on provider.
  '/login/sso': () => import('../sso/SsoResultadoPage'),
};

/**
 * The page module of `path`.
 * @throws Error for a path that is not one of these pages (a route added without its page).
 */
export function loadPage(path: string): PageModule {
  const load = pages[path];
  if (!load) throw new Error(`Página del ciclo de cuenta desconocida: ${path}`);
  return load();
}
