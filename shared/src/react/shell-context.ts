/**
 * What the shell offers every remote (DESIGN.md §5: "remotes reach auth, navigation and
 * notifications only through hooks exported by shared"). The shell provides one `ShellServices`
 * value through `ShellContext`; remotes call the hooks below and never import the shell.
 * `@gestion/shared` is a Module Federation singleton, so host and remotes see one context object.
 */
import { createContext, useContext, type ComponentType } from 'react';
import type { LoginRequest, RegisterRequest, SignedInResponse } from '../contracts/auth';
import type { User } from '../contracts/user';
import type { RouteDescriptor } from '../routing';
import type { RuntimeConfig } from '../runtime-config';
import { hasAnyPermission, hasPermission } from '../auth/checks';

/** A route descriptor whose page is a React component. */
export type PageRoute = RouteDescriptor<ComponentType>;

/** Alert types of SPEC §3. */
export type AlertType = 'success' | 'error' | 'warning' | 'info';

/** The auth state of SPEC §3/§4 as remotes read it. */
export interface AuthView {
  user: User | null;
  token: string | null;
  loading: boolean;
  error: string | null;
  /** Token present (SPEC §4). */
  isAuthenticated: boolean;
  /** Token and user present (SPEC §4). */
  isLoggedIn: boolean;
}

export interface ShellServices {
  auth: AuthView;
  /**
   * Signs in. On success the shell shows 'Bienvenido de nuevo' and goes to `redirect` when it is
   * a safe same-origin path, else `/`. Resolves false on failure (the error is in `auth.error`;
   * the page shows it).
   */
  login: (body: LoginRequest, redirect?: string | null) => Promise<boolean>;
  /**
   * Takes a session another call granted (the mailed code of a challenged sign-in, an accepted
   * invitation; issue #15; a passkey, issue #16) as a sign-in: token and user stored, then
   * 'Bienvenido de nuevo' and `redirect` when it is a safe same-origin path, else `/`; or
   * /cambiar-password first while `user.debeCambiarPassword`.
   */
  startSession: (session: SignedInResponse, redirect?: string | null) => void;
  /**
   * Registers; on success 'Cuenta creada correctamente' and `/login`. Resolves false on failure,
   * `'pendiente'` when the e-mail must be verified first (issue #15: no session, the page says so).
   */
  register: (body: RegisterRequest) => Promise<boolean | 'pendiente'>;
  /** Signs out: 'Sesión cerrada', `/login` replacing the history entry (SPEC §4). */
  logout: () => Promise<void>;
  /** Shows a toast through the alerts slice (type info and 5000 ms by default, SPEC §9). */
  notify: (message: string, options?: { type?: AlertType; timeout?: number }) => void;
  /** Navigates; another origin is refused unless `external` is true (SPEC §2). */
  navigateTo: (url: string, options?: { external?: boolean; replace?: boolean }) => boolean;
  config: RuntimeConfig;
}

export const ShellContext = createContext<ShellServices | null>(null);
ShellContext.displayName = 'ShellContext';

/**
 * The shell's services.
 * @throws Error when rendered outside the shell's provider (a remote page rendered standalone
 *   must be wrapped in one, e.g. by its tests' render helper).
 */
export function useShell(): ShellServices {
  const services = useContext(ShellContext);
  if (!services) throw new Error('useShell must be used inside the shell (ShellContext provider)');
  return services;
}

/** The signed-in state and the auth actions. */
export function useAuth(): AuthView &
  Pick<ShellServices, 'login' | 'register' | 'logout' | 'startSession'> {
  const s = useShell();
  return {
    ...s.auth,
    login: s.login,
    register: s.register,
    logout: s.logout,
    startSession: s.startSession,
  };
}

/** `notify(message, {type, timeout})`. */
export function useNotify(): ShellServices['notify'] {
  return useShell().notify;
}

/** `navigateTo(url, {external, replace})`. */
export function useNavigateTo(): ShellServices['navigateTo'] {
  return useShell().navigateTo;
}

/** True when the signed-in user holds `permission` (admin holds all). Only hides UI. */
export function usePermission(permission: string): boolean {
  return hasPermission(useShell().auth.user, permission);
}

/** True when the signed-in user holds at least one of `permissions` (admin holds all). Only hides UI. */
export function useAnyPermission(permissions: readonly string[]): boolean {
  return hasAnyPermission(useShell().auth.user, permissions);
}
