/**
 * The account's passkeys (issue #16, shared/src/contracts/passkeys.ts), through the one RTK Query
 * api — so a 403 REAUTENTICACION_REQUERIDA (step-up) takes the same path as every other call of
 * Mi cuenta. `GET /api/auth/passkeys` → `{passkeys}`; `POST …/registration-options` → WebAuthn's
 * creation options; `POST /api/auth/passkeys {respuesta, nombre}` → 201 the passkey;
 * `PATCH /api/auth/passkeys/:id {nombre}`; `DELETE /api/auth/passkeys/:id` → 204.
 */
import type {
  Passkey,
  PasskeyListResponse,
  PasskeyRegisteredResponse,
  PasskeyRegistrationOptions,
  PasskeyRegistrationRequest,
} from '@gestion/shared';
import { baseApi } from '@gestion/shared/react/api';

export type { Passkey };

const url = (id?: Passkey['id']) =>
  id === undefined ? '/api/auth/passkeys' : `/api/auth/passkeys/${encodeURIComponent(String(id))}`;

const api = baseApi.enhanceEndpoints({ addTagTypes: ['Passkey'] }).injectEndpoints({
  endpoints: (build) => ({
    listPasskeys: build.query<Passkey[], void>({
      query: () => url(),
      transformResponse: (res: PasskeyListResponse) => res.passkeys,
      providesTags: ['Passkey'],
    }),
    passkeyRegistrationOptions: build.mutation<PasskeyRegistrationOptions, void>({
      query: () => ({ url: `${url()}/registration-options`, method: 'POST', body: {} }),
    }),
    addPasskey: build.mutation<PasskeyRegisteredResponse, PasskeyRegistrationRequest>({
      query: (body) => ({ url: url(), method: 'POST', body }),
      invalidatesTags: ['Passkey'],
    }),
    renamePasskey: build.mutation<Passkey, { id: Passkey['id']; nombre: string }>({
      query: ({ id, nombre }) => ({ url: url(id), method: 'PATCH', body: { nombre } }),
      invalidatesTags: ['Passkey'],
    }),
    deletePasskey: build.mutation<void, Passkey['id']>({
      query: (id) => ({ url: url(id), method: 'DELETE' }),
      invalidatesTags: ['Passkey'],
    }),
  }),
});

export const {
  useListPasskeysQuery,
  usePasskeyRegistrationOptionsMutation,
  useAddPasskeyMutation,
  useRenamePasskeyMutation,
  useDeletePasskeyMutation,
} = api;
