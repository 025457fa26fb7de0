/**
 * The one Redux store (DESIGN.md §5), RTK template style: `makeStore(preloadedState)` serves the
 * app and the tests alike. Remotes add endpoints to shared's `baseApi`; a remote with client
 * state injects its slice with `rootReducer.inject(slice)`.
 */
import {
  combineSlices,
  configureStore,
  type ThunkAction,
  type UnknownAction,
} from '@reduxjs/toolkit';
import { getRuntimeConfig, type RuntimeConfig } from '@gestion/shared';
import { baseApi } from '@gestion/shared/react';
import { authSlice } from '../features/auth/auth-slice';
import { createSessionMiddleware } from '../features/auth/session-middleware';
import { alertsSlice } from '../features/alerts/alerts-slice';
import { createAlertTimersMiddleware } from '../features/alerts/alert-timers';
import { createNavigator, type Navigator } from './navigator';

export const rootReducer = combineSlices(authSlice, alertsSlice, baseApi);

export type RootState = ReturnType<typeof rootReducer>;

/** What thunks receive as their third argument. */
export interface ThunkExtra {
  navigator: Navigator;
  config: () => RuntimeConfig;
}

export interface StoreOptions {
  navigator?: Navigator;
  config?: () => RuntimeConfig;
}

export function makeStore(preloadedState?: Partial<RootState>, options: StoreOptions = {}) {
  const extra: ThunkExtra = {
    navigator: options.navigator ?? createNavigator(),
    config: options.config ?? getRuntimeConfig,
  };
  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({
        thunk: { extraArgument: extra },
        // dev-only checks; a slow CI machine should not turn them into noise
        serializableCheck: { warnAfter: 128 },
        immutableCheck: { warnAfter: 128 },
      }).concat(
        baseApi.middleware,
        createAlertTimersMiddleware(),
        createSessionMiddleware(extra.navigator),
      ),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
export type AppThunk<R = void> = ThunkAction<R, RootState, ThunkExtra, UnknownAction>;
