/** Test helper: opens a page with a history state, as the shell's `login` navigates to it. */
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';

/** Renders `children` once the current entry carries `state` (replacing the entry first). */
export function WithState({ state, children }: { state: unknown; children: ReactNode }) {
  const location = useLocation();
  if (location.state == null && state != null) {
    return <Navigate to={`${location.pathname}${location.search}`} replace state={state} />;
  }
  return children;
}

/** A 401 INVALID_CREDENTIALS body, as the api answers a wrong code or a spent token. */
export const INVALID_CREDENTIALS = {
  status: 401,
  body: {
    statusCode: 401,
    error: 'Unauthorized',
    message: 'Credenciales incorrectas',
    code: 'INVALID_CREDENTIALS',
  },
};
