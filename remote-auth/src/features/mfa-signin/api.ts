/** The code step of a two-step sign-in (issue #16, shared/src/contracts/mfa.ts), made signed out. */
import type { LoginMfaRequest, SignedInResponse } from '@gestion/shared';
import { baseApi } from '@gestion/shared/react/api';

const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** POST /api/auth/login/mfa `{token, codigo}` → `{token, user}`. */
    loginMfa: build.mutation<SignedInResponse, LoginMfaRequest>({
      query: (body) => ({ url: '/api/auth/login/mfa', method: 'POST', body }),
    }),
  }),
});

export const { useLoginMfaMutation } = api;
