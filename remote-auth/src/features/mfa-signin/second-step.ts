/**
 * The pending second step of a sign-in as the shell's `login` handed it over (issue #16): the
 * `{mfa}` answer and the `redirect` travel in the history entry's state, not in the URL, so the
 * 5-minute token never lands in logs, Referer headers or the address bar's history, and nothing
 * is left in storage to clean up. The state survives a reload of the page and dies with the tab.
 */
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { MFA_LIMITS, MFA_METODOS, type MfaMetodo } from '@gestion/shared';

/** What a second-step page works from. */
export interface SecondStep {
  /** The token of `{mfa: {token}}`: the code step's, or the enrolment step's bearer. */
  token: string;
  /** Ways to finish the code step (`totp`, `recuperacion`, `passkey`); empty for enrolment. */
  metodos: MfaMetodo[];
  /** True for the enrolment step (`{mfa: {token, configurar: true}}`). */
  configurar: boolean;
  /** Where the sign-in was going (`/login?redirect=`); the shell validates it again. */
  redirect: string | null;
  /** When the token stops working, epoch ms (5 minutes after the page first opened). */
  expira: number;
}

/** The history state's second step, or null when there is none (opened by hand, bookmarked). */
export function readSecondStep(state: unknown): Omit<SecondStep, 'expira'> & { expira?: number } | null {
  if (!state || typeof state !== 'object') return null;
  const s = state as Record<string, unknown>;
  if (typeof s.token !== 'string' || !s.token) return null;
  const metodos = Array.isArray(s.metodos)
    ? s.metodos.filter((m): m is MfaMetodo => (MFA_METODOS as readonly unknown[]).includes(m))
    : [];
  return {
    token: s.token,
    metodos,
    configurar: s.configurar === true,
    redirect: typeof s.redirect === 'string' ? s.redirect : null,
    expira: typeof s.expira === 'number' ? s.expira : undefined,
  };
}

/**
 * The pending second step, with its deadline stamped into the history state on arrival (so a
 * reload keeps it), and `expired` turning true when the deadline passes.
 */
export function useSecondStep(): { step: SecondStep | null; expired: boolean } {
  const location = useLocation();
  const navigate = useNavigate();
  const read = readSecondStep(location.state);
  const [arrived] = useState(() => Date.now());
  const expira = read ? (read.expira ?? arrived + MFA_LIMITS.challengeTtlMs) : 0;
  const [expired, setExpired] = useState(() => Boolean(read) && Date.now() >= expira);

  useEffect(() => {
    if (read && read.expira === undefined) {
      void navigate(`${location.pathname}${location.search}`, {
        replace: true,
        state: { ...(location.state as object), expira },
      });
    }
  }, [read?.expira, read?.token]);

  useEffect(() => {
    if (!read) return undefined;
    const timer = setTimeout(() => setExpired(true), Math.max(0, expira - Date.now()));
    return () => clearTimeout(timer);
  }, [expira]);

  return { step: read ? { ...read, expira } : null, expired };
}
