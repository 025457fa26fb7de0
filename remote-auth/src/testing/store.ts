/**
 * A real Redux store for component tests, shaped like the shell's where this remote reads it:
 * shared's `baseApi` (so RTK Query endpoints injected here run for real against the mocked
 * `fetch`) and an `auth` slice whose `token` the base query sends as the Bearer header.
 */
import { combineSlices, configureStore, createSlice } from '@reduxjs/toolkit';
import { baseApi, userUpdated } from '@gestion/shared/react';
import type { User } from '@gestion/shared';

interface TestAuthState {
  token: string | null;
  user: User | null;
}

const initialState: TestAuthState = { token: 'token', user: null };

/** Takes shared's `userUpdated` like the shell's auth slice, so a profile edit can be asserted. */
const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder.addCase(userUpdated, (state, action) => {
      state.user = action.payload;
    });
  },
});

export function makeTestStore(auth: Partial<TestAuthState> = {}) {
  return configureStore({
    reducer: combineSlices(authSlice, baseApi),
    preloadedState: { auth: { token: 'token', user: null, ...auth } },
    middleware: (getDefault) =>
      getDefault({ serializableCheck: false, immutableCheck: false }).concat(baseApi.middleware),
  });
}

export type TestStore = ReturnType<typeof makeTestStore>;
