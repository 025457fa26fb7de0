/**
 * Ends the session once when any call answers 401 (`sessionExpired`, dispatched by shared's
 * baseApi): the reducer has already cleared the token by the time this runs, so only the first
 * of a burst of failed calls finds a token in the state before it — one toast, one redirect.
 */
import type { Middleware } from '@reduxjs/toolkit';
import { API_MESSAGES, paths } from '@gestion/shared';
import { baseApi, sessionExpired } from '@gestion/shared/react';
import { alertAdded } from '../alerts/alerts-slice';
import type { Navigator } from '../../app/navigator';
import { clearStoredToken } from './token-storage';

interface StateWithToken {
  auth: { token: string | null };
}

export function createSessionMiddleware(navigator: Navigator): Middleware {
  return (api) => (next) => (action) => {
    const endsSession =
      sessionExpired.match(action) && (api.getState() as StateWithToken).auth.token !== null;
    const result = next(action);
    if (endsSession) {
      clearStoredToken();
      api.dispatch(baseApi.util.resetApiState());
      api.dispatch(alertAdded({ message: API_MESSAGES.unauthenticated, type: 'warning' }));
      // Back to where the visitor was after signing in again.
      navigator.navigate(paths.login(navigator.currentPath()), { replace: true });
    }
    return result;
  };
}
