/**
 * Mi cuenta (issue 4): the signed-in user's own profile, password and sessions.
 * `PATCH /api/auth/me {nombre}` → `{user}`; `POST /api/auth/password {actual, nueva}` → 204;
 * `GET /api/sesiones` → the user's sessions (the current one marked); `DELETE /api/sesiones/:id`
 * revokes one; `POST /api/sesiones/revoke-others` revokes every other one.
 */
import type { User } from '@gestion/shared';
import { baseApi } from '@gestion/shared/react';

/** One of the signed-in user's sessions. Times are ISO 8601 strings. */
export interface Sesion {
  id: string | number;
  /** The browser/device as the api read it from the User-Agent. */
  dispositivo: string | null;
  ip: string | null;
  creadoEn: string;
  ultimoUso: string | null;
  /** True for the session this page is using. */
  actual: boolean;
}

const api = baseApi.enhanceEndpoints({ addTagTypes: ['Sesion'] }).injectEndpoints({
  endpoints: (build) => ({
    updateProfile: build.mutation<{ user: User }, { nombre: string }>({
      query: (body) => ({ url: '/api/auth/me', method: 'PATCH', body }),
    }),
    changePassword: build.mutation<void, { actual: string; nueva: string }>({
      query: (body) => ({ url: '/api/auth/password', method: 'POST', body }),
    }),
    listSessions: build.query<Sesion[], void>({
      query: () => '/api/sesiones',
      // A list endpoint may answer `{items}` (DESIGN.md §3) or a bare array.
      transformResponse: (res: Sesion[] | { items: Sesion[] }) =>
        Array.isArray(res) ? res : res.items,
      providesTags: ['Sesion'],
    }),
    revokeSession: build.mutation<void, Sesion['id']>({
      query: (id) => ({ url: `/api/sesiones/${encodeURIComponent(String(id))}`, method: 'DELETE' }),
      invalidatesTags: ['Sesion'],
    }),
    revokeOtherSessions: build.mutation<void, void>({
      query: () => ({ url: '/api/sesiones/revoke-others', method: 'POST' }),
      invalidatesTags: ['Sesion'],
    }),
  }),
});

export const {
  useUpdateProfileMutation,
  useChangePasswordMutation,
  useListSessionsQuery,
  useRevokeSessionMutation,
  useRevokeOtherSessionsMutation,
} = api;
