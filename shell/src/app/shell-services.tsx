/**
 * The one `ShellServices` value remotes reach through shared's hooks (useAuth, useNotify,
 * useNavigateTo…), built from the store and the router. Also hands the router's `navigate` to
 * the navigator the thunks use.
 */
import { useEffect, useMemo, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { useNavigate } from 'react-router-dom';
import type { RuntimeConfig } from '@gestion/shared';
import { ShellContext, type ShellServices } from '@gestion/shared/react';
import { alertAdded } from '../features/alerts/alerts-slice';
import { selectAuth } from '../features/auth/auth-slice';
import { login, logout, register, startSession } from '../features/auth/auth-thunks';
import { createNavigateTo } from '../features/navigation/navigate-to';
import { useAppDispatch, useAppSelector } from './hooks';
import type { AttachableNavigator } from './navigator';

export function ShellServicesProvider({
  config,
  navigator,
  children,
}: {
  config: RuntimeConfig;
  navigator: AttachableNavigator;
  children: ReactNode;
}) {
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const auth = useAppSelector(selectAuth);

  // Thunks change the auth state and then navigate in one synchronous step (login → token and
  // then the target page; register → /login; logout → /login). Flushing the navigation renders
  // the new state and the new location together: never the old page with the new state, whose
  // guard would send the visitor somewhere else (the register page's `guest` guard would send a
  // freshly registered user to / instead of /login). Needs a router without transitions.
  useEffect(
    () => navigator.attach((to, options) => flushSync(() => void navigate(to, options))),
    [navigator, navigate],
  );

  const navigateTo = useMemo(() => createNavigateTo((to, options) => void navigate(to, options)), [navigate]);

  const actions = useMemo(() => {
    const notify: ShellServices['notify'] = (message, options = {}) => {
      dispatch(alertAdded({ message, type: options.type, timeout: options.timeout }));
    };
    return {
      login: (body: Parameters<ShellServices['login']>[0], redirect?: string | null) =>
        dispatch(login(body, redirect)),
      register: (body: Parameters<ShellServices['register']>[0]) => dispatch(register(body)),
      startSession: (session: Parameters<ShellServices['startSession']>[0], redirect?: string | null) =>
        dispatch(startSession(session, redirect)),
      logout: () => dispatch(logout()),
      notify,
    };
  }, [dispatch]);

  const value = useMemo<ShellServices>(
    () => ({
      auth: {
        ...auth,
        isAuthenticated: auth.token !== null,
        isLoggedIn: auth.token !== null && auth.user !== null,
      },
      ...actions,
      navigateTo,
      config,
    }),
    [auth, actions, navigateTo, config],
  );

  return <ShellContext.Provider value={value}>{children}</ShellContext.Provider>;
}
