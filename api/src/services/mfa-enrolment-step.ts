/**
 * The enrolment step of the ways into a session other than POST /api/auth/login (issue #16: "a
 * user whose roles require it and who has no factor signs in to an enrolment step"). Accepting
 * an invitation and self-registration open a session for an account that has just been created,
 * so it has no factor yet: when one of its roles requires a second factor (an invitation into
 * `admin`, or a default role of self-registration with `mfaObligatorio`), they answer
 * `{mfa: {token, configurar: true}}` instead, exactly as sign-in does (mfa-login.ts
 * `afterPassword`), and the session starts once a factor is enrolled with that token.
 */
import { MFA_LIMITS, type LoginMfaResponse } from '@gestion/shared';
import type { Db } from '../db/types';
import { issueDesafio, rolesRequireMfa } from '../repositories/mfa-repository';

/**
 * In `tx`: `{mfa: {token, configurar: true}}` (an enrolment token of 5 minutes) when a role of
 * `usuarioId` requires a second factor, else null (open the session as before). Only for an
 * account that cannot have a factor yet (just invited or registered).
 */
export async function enrolmentStepIfRequired(
  tx: Db,
  usuarioId: number,
  now: number,
): Promise<LoginMfaResponse | null> {
  if (!(await rolesRequireMfa(tx, usuarioId))) return null;
  const token = await issueDesafio(tx, {
    usuarioId,
    configurar: true,
    now,
    ttlMs: MFA_LIMITS.challengeTtlMs,
  });
  return { mfa: { token, configurar: true } };
}
