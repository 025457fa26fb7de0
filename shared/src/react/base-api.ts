/**
 * The one RTK Query api (DESIGN.md §5), entry `@gestion/shared/react/api`. Remotes add endpoints
 * with `baseApi.injectEndpoints`. Every call carries the stored Bearer token (SPEC §7) and goes to
 * the run-time `apiBaseUrl`; a 401 dispatches `sessionExpired`, which the shell turns into one
 * logout and one toast however many calls failed at once.
 *
 * Its own entry (and Module Federation singleton), apart from `@gestion/shared/react`, so that
 * RTK Query downloads with the first page that uses it, not with the shell: on load it registers
 * itself with the shell's store through `registerApi` (api-registry.ts).
 */
import {
  createApi,
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
} from '@reduxjs/toolkit/query/react';
// By package name, not './…': the registry and the actions must be the `@gestion/shared/react`
// singleton the shell's store listens to, not a private copy in this entry's bundle.
import { registerApi, sessionExpired } from '@gestion/shared/react';
import { getRuntimeConfig } from '../runtime-config';

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

registerApi(baseApi);
