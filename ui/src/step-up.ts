/**
 * Step-up in the kit's one error path (issue #16): a call refused with 403
 * REAUTENTICACION_REQUERIDA (the password or a factor not entered in the last 10 minutes) asks
 * the user to confirm who they are, then the form sends again — every `useServerForm` gets it.
 * The kit only knows THAT it must ask: the page that can ask (remote-auth's console, with its
 * dialog and POST /api/auth/reautenticar) provides the handler; without one the refusal shows
 * above the form like any other.
 */
import { createContext, useContext } from 'react';
import { MFA_ERROR_CODES, type ApiError } from '@gestion/shared';

/**
 * Asks the user to re-authenticate; resolves true once they did (the failed call may be sent
 * again), false when they gave up.
 */
export type StepUpHandler = () => Promise<boolean>;

const StepUpContext = createContext<StepUpHandler | null>(null);

/** Gives the forms below it the way to ask for step-up (`value`: the handler, or null). */
export const StepUpProvider = StepUpContext.Provider;

/** The nearest `StepUpProvider`'s handler, or null when no page above can ask. */
export function useStepUp(): StepUpHandler | null {
  return useContext(StepUpContext);
}

/** True for the api's 403 REAUTENTICACION_REQUERIDA (shared `MFA_ERROR_CODES.reauthRequired`). */
export function isReauthRequired(error: ApiError): boolean {
  return error.status === 403 && error.code === MFA_ERROR_CODES.reauthRequired;
}
