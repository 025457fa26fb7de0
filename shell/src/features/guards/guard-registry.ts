/**
 * Guards by name (SPEC §2, DESIGN.md §4). A route lists guard names; the shell looks each one up
 * here when it mounts the route, and naming a guard nobody registered is an error (SPEC §8).
 * A guard decides from the auth state alone: let the page render, send the visitor elsewhere, or
 * wait (the stored token's user is still being fetched — redirecting then would bounce a
 * signed-in visitor to /login on every reload).
 */
import { hasPermission, paths } from '@gestion/shared';
import type { PageRoute } from '@gestion/shared/react';
import type { AuthState } from '../auth/auth-slice';

export type GuardDecision = { kind: 'allow' } | { kind: 'redirect'; to: string } | { kind: 'wait' };

export interface GuardContext {
  auth: AuthState;
  route: PageRoute;
  /** The path being opened, with its query (`/informes/3?tab=x`). */
  path: string;
  /** Identifies this visit (the router's location key): a guard may log once per visit. */
  visit?: string;
}

export type Guard = (ctx: GuardContext) => GuardDecision;

export class UnknownGuardError extends Error {
  override readonly name = 'UnknownGuardError';
  constructor(readonly guard: string) {
    super(`Guard desconocido: "${guard}". Los guards registrados son los del shell (auth, guest, permiso).`);
  }
}

const allow: GuardDecision = { kind: 'allow' };

/**
 * Signed in (a token) or off to /login?redirect=<where the visitor was going>. A user who must
 * change an admin-set password is kept on /cambiar-password (issue #15; the api refuses their
 * other calls anyway).
 */
export const authGuard: Guard = ({ auth, route, path }) => {
  if (!auth.token) return { kind: 'redirect', to: paths.login(path) };
  if (!auth.user) return { kind: 'wait' };
  const to = '/cambiar-password';
  return auth.user.debeCambiarPassword && route.path !== to ? { kind: 'redirect', to } : allow;
};

/**
 * For pages only a visitor who is not signed in needs (/register): verifies authentication and
 * logs the result (SPEC §2); a signed-in visitor goes to `/`.
 */
let lastGuestLog = '';
export const guestGuard: Guard = ({ auth, path, visit }) => {
  const authenticated = auth.token !== null;
  const result = `[guard guest] ${path}: ${authenticated ? 'sesión iniciada → /' : 'sin sesión → acceso permitido'}`;
  // Guards run on every render; the log says each result once per visit, not once per render.
  const key = `${visit ?? Math.random()}|${result}`;
  if (key !== lastGuestLog) console.info(result);
  lastGuestLog = key;
  return authenticated ? { kind: 'redirect', to: paths.home() } : allow;
};

/** The route's `permission` (admin holds all) or /accesodenegado. */
export const permisoGuard: Guard = ({ auth, route, path }) => {
  if (!route.permission) return allow;
  if (!auth.token) return { kind: 'redirect', to: paths.login(path) };
  if (!auth.user) return { kind: 'wait' };
  return hasPermission(auth.user, route.permission)
    ? allow
    : { kind: 'redirect', to: paths.accesoDenegado() };
};

export interface GuardRegistry {
  register(name: string, guard: Guard): void;
  /** @throws UnknownGuardError */
  get(name: string): Guard;
  /** The guards of a route, in order. @throws UnknownGuardError naming the first unknown one. */
  resolve(names: readonly string[] | undefined): Guard[];
}

export function createGuardRegistry(initial: Readonly<Record<string, Guard>> = {}): GuardRegistry {
  const guards = new Map<string, Guard>(Object.entries(initial));
  const registry: GuardRegistry = {
    register(name, guard) {
      guards.set(name, guard);
    },
    get(name) {
      const guard = guards.get(name);
      if (!guard) throw new UnknownGuardError(name);
      return guard;
    },
    resolve(names) {
      return (names ?? []).map((n) => registry.get(n));
    },
  };
  return registry;
}

/** The shell's registry: the guards of GUARD_NAMES. */
export const guardRegistry = createGuardRegistry({
  auth: authGuard,
  guest: guestGuard,
  permiso: permisoGuard,
});

/** Runs the guards in order; the first that does not allow decides. */
export function decide(guards: readonly Guard[], ctx: GuardContext): GuardDecision {
  for (const guard of guards) {
    const decision = guard(ctx);
    if (decision.kind !== 'allow') return decision;
  }
  return allow;
}
