/**
 * The one Redux store (DESIGN.md §5), RTK template style: `makeStore(preloadedState)` serves the
 * app and the tests alike. Remotes add endpoints to shared's `baseApi`; a remote with client
 * state injects its slice with `rootReducer.inject(slice)`.
 *
 * The RTK Query api (`@gestion/shared/react/api`) is not imported here: it registers itself when
 * the first page that uses it loads (shared's api registry), and the store then injects its
 * reducer and adds its middleware. So RTK Query downloads with that page, not with the shell
 * (a first visit to /login never needs it).
 */
import {
  combineSlices,
  configureStore,
  createAction,
  createDynamicMiddleware,
  type ThunkAction,
  type UnknownAction,
} from '@reduxjs/toolkit';
import { getRuntimeConfig, type RuntimeConfig } from '@gestion/shared';
import { onApiRegistered, type RegisteredApi } from '@gestion/shared/react';
import { authSlice } from '../features/auth/auth-slice';
import { createSessionMiddleware } from '../features/auth/session-middleware';
import { alertsSlice } from '../features/alerts/alerts-slice';
import { createAlertTimersMiddleware } from '../features/alerts/alert-timers';
import { createNavigator, type Navigator } from './navigator';

/** The api state lives under its `reducerPath` ('api') once a page brought the api. */
export const rootReducer = combineSlices(authSlice, alertsSlice).withLazyLoadedSlices<{
  api: unknown;
}>();

export type RootState = ReturnType<typeof rootReducer>;

/** Dispatched once an api's reducer is in place, so its state exists before any page reads it. */
export const apiAttached = createAction<string>('shell/apiAttached');

/** What thunks receive as their third argument. */
export interface ThunkExtra {
  navigator: Navigator;
  config: () => RuntimeConfig;
  /** The RTK Query apis in this store so far (none until a page that uses one loads). */
  apis: () => readonly RegisteredApi[];
}

export interface StoreOptions {
  navigator?: Navigator;
  config?: () => RuntimeConfig;
}

export function makeStore(preloadedState?: Partial<RootState>, options: StoreOptions = {}) {
  const apis: RegisteredApi[] = [];
  const extra: ThunkExtra = {
    navigator: options.navigator ?? createNavigator(),
    config: options.config ?? getRuntimeConfig,
    apis: () => apis,
  };
  const dynamic = createDynamicMiddleware();
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({
        thunk: { extraArgument: extra },
        // dev-only checks; a slow CI machine should not turn them into noise
        serializableCheck: { warnAfter: 128 },
        immutableCheck: { warnAfter: 128 },
      }).concat(
        dynamic.middleware,
        createAlertTimersMiddleware(),
        createSessionMiddleware(extra.navigator, extra.apis),
      ),
  });
  onApiRegistered((api) => {
    apis.push(api);
    rootReducer.inject({ reducerPath: api.reducerPath, reducer: api.reducer });
    dynamic.addMiddleware(api.middleware);
    store.dispatch(apiAttached(api.reducerPath));
  });
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
export type AppThunk<R = void> = ThunkAction<R, RootState, ThunkExtra, UnknownAction>;
