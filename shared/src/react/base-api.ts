/**
 * The one RTK Query api (DESIGN.md §5). The shell adds its reducer and middleware to the store;
 * remotes add endpoints with `baseApi.injectEndpoints`. Every call carries the stored Bearer
 * token (SPEC §7) and goes to the run-time `apiBaseUrl`; a 401 dispatches `sessionExpired`, which
 * the shell turns into one logout and one toast however many calls failed at once.
 */
import { createAction } from '@reduxjs/toolkit';
import {
  createApi,
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
} from '@reduxjs/toolkit/query/react';
import type { User } from '../contracts/user';
import { getRuntimeConfig } from '../runtime-config';

/** Dispatched when any authenticated call answers 401 (`auth/sessionExpired`). */
export const sessionExpired = createAction('auth/sessionExpired');

/**
 * Dispatched by a remote that changed the signed-in user through the api (e.g. its own profile):
 * the shell's auth slice takes the new user so every area shows it at once.
 */
export const userUpdated = createAction<User>('auth/userUpdated');

/** The part of the root state the base query reads: the auth slice's token. */
interface StateWithToken {
  auth?: { token?: string | null };
}

const rawBaseQuery = fetchBaseQuery({
  baseUrl: '/',
  // Looked up at call time, not import time: tests (jsdom has no fetch) install their fake after
  // importing this module, and RTK would otherwise warn about a missing fetch on import.
  fetchFn: (input, init) => fetch(input, init),
  prepareHeaders: (headers, { getState }) => {
    const token = (getState() as StateWithToken).auth?.token;
    if (token) headers.set('authorization', `Bearer ${token}`);
    return headers;
  },
});

const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (
  args,
  api,
  extra,
) => {
  const { apiBaseUrl } = getRuntimeConfig();
  const withBase =
    typeof args === 'string'
      ? `${apiBaseUrl}${args}`
      : { ...args, url: `${apiBaseUrl}${args.url}` };
  const result = await rawBaseQuery(withBase, api, extra);
  if (result.error?.status === 401 && (api.getState() as StateWithToken).auth?.token) {
    api.dispatch(sessionExpired());
  }
  return result;
};

export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery,
  endpoints: () => ({}),
});
