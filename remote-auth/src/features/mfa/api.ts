/**
 * The TOTP enrolment calls of issue #16 (shared/src/contracts/mfa.ts), shared by the signed-out
 * enrolment step (the `{mfa: {token, configurar: true}}` token as bearer, no password) and
 * Mi cuenta › Seguridad (the session, with the password).
 */
import type {
  TotpActivateRequest,
  TotpActivateResponse,
  TotpEnrolRequest,
  TotpEnrolResponse,
} from '@gestion/shared';
import { baseApi } from '@gestion/shared/react/api';

/**
 * `bearer`: the enrolment token of a sign-in that must configure a factor. Signed out, the base
 * query adds no Authorization of its own, so this one reaches the api.
 */
type WithBearer<B> = B & { bearer?: string };

const postWith =
  <B extends object>(url: string) =>
  ({ bearer, ...body }: WithBearer<B>) => ({
    url,
    method: 'POST',
    body,
    headers: bearer ? { authorization: `Bearer ${bearer}` } : undefined,
  });

const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** POST /api/auth/mfa/totp → `{secret, otpauthUrl}`, pending until activated. */
    enrolTotp: build.mutation<TotpEnrolResponse, WithBearer<TotpEnrolRequest>>({
      query: postWith<TotpEnrolRequest>('/api/auth/mfa/totp'),
    }),
    /** POST /api/auth/mfa/totp/activate → the recovery codes (and, with a bearer, the session). */
    activateTotp: build.mutation<TotpActivateResponse, WithBearer<TotpActivateRequest>>({
      query: postWith<TotpActivateRequest>('/api/auth/mfa/totp/activate'),
    }),
  }),
});

export const { useEnrolTotpMutation, useActivateTotpMutation } = api;
