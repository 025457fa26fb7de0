/**
 * Ends the session once when any call answers 401 (`sessionExpired`, dispatched by shared's
 * baseApi): the reducer has already cleared the token by the time this runs, so only the first
 * of a burst of failed calls finds a token in the state before it — one toast, one redirect.
 * A call refused 403 PASSWORD_CHANGE_REQUIRED (issue #15) sends the user to /cambiar-password.
 */
import type { Middleware } from '@reduxjs/toolkit';
import { API_MESSAGES, paths } from '@gestion/shared';
import { sessionExpired, type RegisteredApi } from '@gestion/shared/react';
import { alertAdded } from '../alerts/alerts-slice';
import type { Navigator } from '../../app/navigator';
import { clearStoredToken } from './token-storage';

interface StateWithToken {
  auth: { token: string | null };
}

/**
 * @param navigator where the visitor is sent (/login with a redirect back)
 * @param apis the RTK Query apis in the store so far, whose caches are cleared
 */
export function createSessionMiddleware(
  navigator: Navigator,
  apis: () => readonly RegisteredApi[],
): Middleware {
  return (api) => (next) => (action) => {
    const endsSession =
      sessionExpired.match(action) && (api.getState() as StateWithToken).auth.token !== null;
    const result = next(action);
    // Issue #15: a call refused because an admin-set password must be changed first.
    if ((action as { payload?: { data?: { code?: string } } }).payload?.data?.code === 'PASSWORD_CHANGE_REQUIRED')
      navigator.navigate('/cambiar-password', { replace: true });
    if (endsSession) {
      clearStoredToken();
      for (const rtk of apis()) api.dispatch(rtk.util.resetApiState());
      api.dispatch(alertAdded({ message: API_MESSAGES.unauthenticated, type: 'warning' }));
      // Back to where the visitor was after signing in again.
      navigator.navigate(paths.login(navigator.currentPath()), { replace: true });
    }
    return result;
  };
}
