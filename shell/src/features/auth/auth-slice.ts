/**
 * The auth state of SPEC §3/§4: `{user, token, loading, error}`. Logged out = no token; token
 * without user = authenticated but not logged in (the user is being fetched); logged in = both.
 * Actions name what happened (RTK style guide); the thunks in `auth-thunks.ts` dispatch them.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { User } from '@gestion/shared';
import { sessionExpired, userUpdated } from '@gestion/shared/react';

export interface AuthState {
  user: User | null;
  token: string | null;
  loading: boolean;
  error: string | null;
}

export function authInitialState(token: string | null = null): AuthState {
  return { user: null, token, loading: false, error: null };
}

const signedOut = (state: AuthState) => {
  state.user = null;
  state.token = null;
  state.loading = false;
  state.error = null;
};

export const authSlice = createSlice({
  name: 'auth',
  initialState: authInitialState(),
  reducers: {
    /** A login, registration or user fetch went out. */
    requestStarted(state) {
      state.loading = true;
      state.error = null;
    },
    /** The login call failed; `payload` is what the page shows. */
    requestFailed(state, action: PayloadAction<string>) {
      state.loading = false;
      state.error = action.payload;
    },
    loggedIn(state, action: PayloadAction<{ token: string; user: User }>) {
      state.token = action.payload.token;
      state.user = action.payload.user;
      state.loading = false;
      state.error = null;
    },
    registered(state, action: PayloadAction<{ token: string; user: User }>) {
      state.token = action.payload.token;
      state.user = action.payload.user;
      state.loading = false;
      state.error = null;
    },
    /** GET /api/auth/me answered with a valid user for the stored token. */
    userLoaded(state, action: PayloadAction<User>) {
      state.user = action.payload;
      state.loading = false;
      state.error = null;
    },
    /** SPEC §4: logout clears token, user, error and loading. */
    loggedOut: signedOut,
  },
  extraReducers: (builder) => {
    // Any 401 (dispatched by shared's baseApi). The first one clears the token, so the ones that
    // follow find nothing to end: one logout and one toast however many calls failed.
    builder.addCase(sessionExpired, signedOut);
    // A remote changed the signed-in user (its profile); only while still signed in.
    builder.addCase(userUpdated, (state, action) => {
      if (state.token !== null) state.user = action.payload;
    });
  },
  selectors: {
    selectAuth: (state) => state,
    selectUser: (state) => state.user,
    selectToken: (state) => state.token,
    selectAuthError: (state) => state.error,
    /** SPEC §4: a token is present. */
    selectIsAuthenticated: (state) => state.token !== null,
    /** SPEC §4: a token and a user are present. */
    selectIsLoggedIn: (state) => state.token !== null && state.user !== null,
  },
});

export const {
  requestStarted: authRequestStarted,
  requestFailed: authRequestFailed,
  loggedIn,
  registered,
  userLoaded,
  loggedOut,
} = authSlice.actions;

export const {
  selectAuth,
  selectUser,
  selectToken,
  selectAuthError,
  selectIsAuthenticated,
  selectIsLoggedIn,
} = authSlice.selectors;
