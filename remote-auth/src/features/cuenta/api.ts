/**
 * Mi cuenta (issue 4): the signed-in user's own profile, password and sessions.
 * `PATCH /api/auth/me {nombre?, idioma?}` → `{user}` (`idioma`: the language of the user's mails,
 * issue #15); `POST /api/auth/password {actual, nueva}` → 204;
 * `GET /api/sesiones` → the user's sessions (the current one marked); `DELETE /api/sesiones/:id`
 * revokes one; `POST /api/sesiones/revocar-otras` revokes every other one (shared/src/contracts/sesiones.ts).
 */
import type { AcceptedMessage, ChangeEmailRequest, Sesion, SesionesPage, UpdateMe, User } from '@gestion/shared';
import { baseApi } from '@gestion/shared/react/api';

export type { Sesion };

const api = baseApi.enhanceEndpoints({ addTagTypes: ['Sesion'] }).injectEndpoints({
  endpoints: (build) => ({
    updateProfile: build.mutation<{ user: User }, UpdateMe>({
      query: (body) => ({ url: '/api/auth/me', method: 'PATCH', body }),
    }),
    changePassword: build.mutation<void, { actual: string; nueva: string }>({
      query: (body) => ({ url: '/api/auth/password', method: 'POST', body }),
    }),
    /** Issue #15: a confirmation link to the new address (202); the change waits for it. */
    requestEmailChange: build.mutation<AcceptedMessage, ChangeEmailRequest>({
      query: (body) => ({ url: '/api/auth/email', method: 'POST', body }),
    }),
    listSessions: build.query<Sesion[], void>({
      query: () => '/api/sesiones',
      transformResponse: (res: SesionesPage) => res.items,
      providesTags: ['Sesion'],
    }),
    revokeSession: build.mutation<void, Sesion['id']>({
      query: (id) => ({ url: `/api/sesiones/${encodeURIComponent(String(id))}`, method: 'DELETE' }),
      invalidatesTags: ['Sesion'],
    }),
    revokeOtherSessions: build.mutation<void, void>({
      query: () => ({ url: '/api/sesiones/revocar-otras', method: 'POST' }),
      invalidatesTags: ['Sesion'],
    }),
  }),
});

export const {
  useUpdateProfileMutation,
  useChangePasswordMutation,
  useRequestEmailChangeMutation,
  useListSessionsQuery,
  useRevokeSessionMutation,
  useRevokeOtherSessionsMutation,
} = api;
