/**
 * Personal API tokens' calls (issue #17, shared `contracts/api-tokens.ts`):
 * `GET /api/tokens` → the caller's own tokens, `GET /api/tokens?usuarioId=<id>` → one user's
 * (usuarios:editar and the delegation rules); `POST /api/tokens {nombre, permisos, expiraEn}` →
 * 201 `{token, apiToken}`, the secret shown this once; `DELETE /api/tokens/:id` → 204, the
 * caller's own or, with the same rule as listing, someone else's.
 * Lists ask for the largest page the api gives (ADMIN_PAGE_SIZE_MAX): a user has at most
 * API_TOKENS_POR_USUARIO_MAX live tokens, and expired ones stay listed until revoked.
 */
import {
  ADMIN_PAGE_SIZE_MAX,
  type ApiToken,
  type ApiTokenCreado,
  type ApiTokensPage,
  type CreateApiToken,
} from '@gestion/shared';
import { baseApi } from '@gestion/shared/react/api';

export type { ApiToken };

/** Which tokens a list shows: the caller's own (`'own'`) or one user's, by id. */
export type TokensOf = 'own' | number;

const tagOf = (of: TokensOf) => ({ type: 'ApiToken' as const, id: of === 'own' ? 'own' : of });

const api = baseApi.enhanceEndpoints({ addTagTypes: ['ApiToken'] }).injectEndpoints({
  endpoints: (build) => ({
    listApiTokens: build.query<ApiTokensPage, TokensOf>({
      query: (of) => ({
        url: '/api/tokens',
        params: {
          pageSize: ADMIN_PAGE_SIZE_MAX,
          ...(of === 'own' ? {} : { usuarioId: of }),
        },
      }),
      providesTags: (_res, _err, of) => [tagOf(of)],
    }),
    createApiToken: build.mutation<ApiTokenCreado, CreateApiToken>({
      query: (body) => ({ url: '/api/tokens', method: 'POST', body }),
      invalidatesTags: [tagOf('own')],
    }),
    /** `of` names the list to refresh (the token's owner as the page knows them). */
    revokeApiToken: build.mutation<void, { id: number; of: TokensOf }>({
      query: ({ id }) => ({ url: `/api/tokens/${id}`, method: 'DELETE' }),
      invalidatesTags: (_res, _err, { of }) => [tagOf(of)],
    }),
  }),
});

export const { useListApiTokensQuery, useCreateApiTokenMutation, useRevokeApiTokenMutation } =
  api;
