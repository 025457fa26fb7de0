/**
 * A real Redux store for the remotes' component tests, shaped like the shell's where remotes read
 * it: shared's `baseApi` (so the endpoints a remote injects run for real against the mocked
 * `fetch`) and an `auth` slice whose `token` the base query sends as the Bearer header and that
 * takes `userUpdated` like the shell's does.
 */
import { combineSlices, configureStore, createSlice } from '@reduxjs/toolkit';
import type { User } from '../contracts/user';
import { userUpdated } from '../react/auth-actions';
import { baseApi } from '../react/base-api';

interface TestAuthState {
  token: string | null;
  user: User | null;
}

const initialState: TestAuthState = { token: 'token', user: null };

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

/** A fresh store per test, so no cached query leaks from one test into the next. */
export function makeTestStore(auth: Partial<TestAuthState> = {}) {
  return configureStore({
    reducer: combineSlices(authSlice, baseApi),
    preloadedState: { auth: { ...initialState, ...auth } },
    middleware: (getDefault) =>
      getDefault({ serializableCheck: false, immutableCheck: false }).concat(baseApi.middleware),
  });
}

export type TestStore = ReturnType<typeof makeTestStore>;
