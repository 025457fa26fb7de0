/**
 * The calls of issue #15's pages (shared/src/contracts/ciclo-cuenta.ts): recovery, invitation,
 * e-mail verification and change confirmation, and the code of a challenged sign-in. All but
 * the forced password change (Mi cuenta's `changePassword`) are made signed out.
 */
import type {
  AcceptInvitationRequest,
  AcceptedMessage,
  ForgotPasswordRequest,
  InvitationAcceptResult,
  LoginVerifyRequest,
  ResendVerificationRequest,
  ResetPasswordRequest,
  SignedInResponse,
  TokenRequest,
} from '@gestion/shared';
import { baseApi } from '@gestion/shared/react/api';

const post =
  <B>(url: string) =>
  (body: B) => ({ url, method: 'POST', body });

const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    forgotPassword: build.mutation<AcceptedMessage, ForgotPasswordRequest>({
      query: post('/api/auth/password/forgot'),
    }),
    resetPassword: build.mutation<void, ResetPasswordRequest>({
      query: post('/api/auth/password/reset'),
    }),
    acceptInvitation: build.mutation<InvitationAcceptResult, AcceptInvitationRequest>({
      query: post('/api/auth/invitation/accept'),
    }),
    verifyEmail: build.mutation<void, TokenRequest>({ query: post('/api/auth/email/verify') }),
    resendVerification: build.mutation<AcceptedMessage, ResendVerificationRequest>({
      query: post('/api/auth/email/resend'),
    }),
    confirmEmail: build.mutation<void, TokenRequest>({ query: post('/api/auth/email/confirm') }),
    verifyLogin: build.mutation<SignedInResponse, LoginVerifyRequest>({
      query: post('/api/auth/login/verify'),
    }),
  }),
});

export const {
  useForgotPasswordMutation,
  useResetPasswordMutation,
  useAcceptInvitationMutation,
  useVerifyEmailMutation,
  useResendVerificationMutation,
  useConfirmEmailMutation,
  useVerifyLoginMutation,
} = api;
