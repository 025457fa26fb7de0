/** The auth token in `localStorage['auth.token']` (SPEC §3, §9). */
import { AUTH_TOKEN_KEY } from '@gestion/shared';

export function readStoredToken(): string | null {
  try {
    return window.localStorage.getItem(AUTH_TOKEN_KEY);
  } catch {
    return null; // storage disabled (private mode, policy): behave as signed out
  }
}

export function storeToken(token: string): void {
  try {
    window.localStorage.setItem(AUTH_TOKEN_KEY, token);
  } catch {
    // the session still works for this page; it just will not survive a reload
  }
}

export function clearStoredToken(): void {
  try {
    window.localStorage.removeItem(AUTH_TOKEN_KEY);
  } catch {
    // nothing stored, nothing to clear
  }
}
