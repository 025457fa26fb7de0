/**
 * A real Redux store for component tests, shaped like the shell's where this remote reads it:
 * shared's `baseApi` (so the endpoints injected in `features/*\/api.ts` run for real against the
 * mocked `fetch`) and an `auth` slice whose `token` the base query sends as the Bearer header.
 */
import { combineSlices, configureStore, createSlice } from '@reduxjs/toolkit';
import { RUNTIME_CONFIG_GLOBAL } from '@gestion/shared';
import { baseApi } from '@gestion/shared/react';

// Node's Request (jest-environment.cjs) needs absolute URLs; the page calls its own origin.
(globalThis as Record<string, unknown>)[RUNTIME_CONFIG_GLOBAL] = { apiBaseUrl: 'http://localhost' };

interface TestAuthState {
  token: string | null;
}

const authSlice = createSlice({
  name: 'auth',
  initialState: { token: 'token' },
  reducers: {},
});

/** A fresh store per test, so no cached query leaks from one test into the next. */
export function makeTestStore(auth: Partial<TestAuthState> = {}) {
  return configureStore({
    reducer: combineSlices(authSlice, baseApi),
    preloadedState: { auth: { token: 'token', ...auth } },
    middleware: (getDefault) =>
      getDefault({ serializableCheck: false, immutableCheck: false }).concat(baseApi.middleware),
  });
}

export type TestStore = ReturnType<typeof makeTestStore>;
