/**
 * Mi cuenta › Seguridad and the administrators' side of the second factor (issue #16;
 * shared/src/contracts/mfa.ts): `GET /api/auth/mfa` (the caller's factors), `DELETE
 * /api/auth/mfa/totp {password}` → 204, `POST /api/auth/mfa/recovery-codes {password}` → a new
 * set, `POST /api/auth/reautenticar {password} | {codigo} | {respuesta}` → 204 (step-up for 10
 * minutes; `respuesta` a passkey's answer to `POST /api/auth/passkeys/authentication-options
 * {reautenticacion: true}`),
 * `GET /api/usuarios/:id/mfa` (a user's factors, usuarios:editar) and `POST
 * /api/usuarios/:id/mfa/reset {motivo}` → 204. Enrolment and activation are features/mfa's calls
 * (shared with the sign-in's enrolment step); the page refetches the state after them.
 */
import type {
  MfaEstado,
  MfaPasswordRequest,
  MfaResetRequest,
  ReautenticarRequest,
  RecoveryCodesResponse,
} from '@gestion/shared';
import { baseApi } from '@gestion/shared/react/api';

const api = baseApi.enhanceEndpoints({ addTagTypes: ['Mfa', 'UsuarioMfa'] }).injectEndpoints({
  endpoints: (build) => ({
    getMfaEstado: build.query<MfaEstado, void>({
      query: () => '/api/auth/mfa',
      providesTags: ['Mfa'],
    }),
    removeTotp: build.mutation<void, MfaPasswordRequest>({
      query: (body) => ({ url: '/api/auth/mfa/totp', method: 'DELETE', body }),
      invalidatesTags: ['Mfa'],
    }),
    regenerateRecoveryCodes: build.mutation<RecoveryCodesResponse, MfaPasswordRequest>({
      query: (body) => ({ url: '/api/auth/mfa/recovery-codes', method: 'POST', body }),
      invalidatesTags: ['Mfa'],
    }),
    reauthenticate: build.mutation<void, ReautenticarRequest>({
      query: (body) => ({ url: '/api/auth/reautenticar', method: 'POST', body }),
    }),
    /** WebAuthn request options over the caller's passkeys, for step-up with one. */
    stepUpPasskeyOptions: build.mutation<unknown, void>({
      query: () => ({
        url: '/api/auth/passkeys/authentication-options',
        method: 'POST',
        body: { reautenticacion: true },
      }),
    }),
    getUsuarioMfa: build.query<MfaEstado, number>({
      query: (id) => `/api/usuarios/${id}/mfa`,
      providesTags: (_res, _err, id) => [{ type: 'UsuarioMfa', id }],
    }),
    resetUsuarioMfa: build.mutation<void, { id: number } & MfaResetRequest>({
      query: ({ id, ...body }) => ({ url: `/api/usuarios/${id}/mfa/reset`, method: 'POST', body }),
      invalidatesTags: (_res, _err, { id }) => [{ type: 'UsuarioMfa', id }],
    }),
  }),
});

export const {
  useGetMfaEstadoQuery,
  useRemoveTotpMutation,
  useRegenerateRecoveryCodesMutation,
  useReauthenticateMutation,
  useStepUpPasskeyOptionsMutation,
  useGetUsuarioMfaQuery,
  useResetUsuarioMfaMutation,
} = api;
