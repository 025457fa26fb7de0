/**
 * Ajustes › Aprovisionamiento's calls (issue #17, shared `contracts/scim-tokens.ts`,
 * configuracion:gestionar): `GET /api/scim/tokens` → every live connection in one page;
 * `POST /api/scim/tokens {nombre}` → 201 `{token, conexion}`, the token shown this once;
 * `DELETE /api/scim/tokens/:id` → 204, the token stops working at once.
 */
import type {
  ConexionScim,
  ConexionesScimPage,
  CreateScimToken,
  ScimTokenCreado,
} from '@gestion/shared';
import { baseApi } from '@gestion/shared/react/api';

export type { ConexionScim };

const api = baseApi.enhanceEndpoints({ addTagTypes: ['ConexionScim'] }).injectEndpoints({
  endpoints: (build) => ({
    listConexionesScim: build.query<ConexionScim[], void>({
      query: () => '/api/scim/tokens',
      transformResponse: (res: ConexionesScimPage) => res.items,
      providesTags: ['ConexionScim'],
    }),
    createConexionScim: build.mutation<ScimTokenCreado, CreateScimToken>({
      query: (body) => ({ url: '/api/scim/tokens', method: 'POST', body }),
      invalidatesTags: ['ConexionScim'],
    }),
    revokeConexionScim: build.mutation<void, number>({
      query: (id) => ({ url: `/api/scim/tokens/${id}`, method: 'DELETE' }),
      invalidatesTags: ['ConexionScim'],
    }),
  }),
});

export const {
  useListConexionesScimQuery,
  useCreateConexionScimMutation,
  useRevokeConexionScimMutation,
} = api;
