/**
 * The auth flows of SPEC §4 and their messages (SPEC §8). The calls go through shared's
 * `requestJson`, which turns the server's error body into an `ApiError` carrying the server's
 * Spanish message, or the default given here when there is none (SPEC §5).
 */
import {
  ApiError,
  MESSAGES,
  isSafeRedirect,
  paths,
  type LoginRequest,
  type LoginChallengeResponse,
  type LoginMfaResponse,
  type LoginResult,
  type MeResponse,
  type RegisterRequest,
  type RegisterResult,
  type SignedInResponse,
  requestJson,
} from '@gestion/shared';
import type { AppThunk } from '../../app/store';
import { alertAdded } from '../alerts/alerts-slice';
import {
  authRequestFailed,
  authRequestStarted,
  loggedIn,
  loggedOut,
  registered,
  userLoaded,
} from './auth-slice';
import { clearStoredToken, storeToken } from './token-storage';

const messageOf = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.message ? error.message : fallback;

/**
 * A session is granted (SPEC §4 login success, or issue #15's code step and accepted invitation):
 * token and user stored, 'Bienvenido de nuevo', then the same-origin `redirect` or `/`. A user
 * who must change an admin-set password goes to /cambiar-password first, without the welcome:
 * that page shows it once the change is made (issue #15, ASVS 6.4.6).
 */
export const startSession =
  (res: SignedInResponse, redirect?: string | null): AppThunk =>
  (dispatch, _getState, { navigator }) => {
    storeToken(res.token);
    dispatch(loggedIn(res));
    if (res.user.debeCambiarPassword) return navigator.navigate('/cambiar-password', { replace: true });
    dispatch(alertAdded({ message: MESSAGES.loginSuccess, type: 'success' }));
    navigator.navigate(isSafeRedirect(redirect) ? redirect : paths.home(), { replace: true });
  };

/**
 * POST /api/auth/login. Success: `startSession`. A challenged sign-in (`{verificacion}`, issue
 * #15) goes to the mailed-code page with its token, still signed out; a second step (`{mfa}`,
 * issue #16) to /login/dos-pasos (`metodos`) or /login/configurar-dos-pasos (`configurar`) with
 * `{token, metodos | configurar, redirect}` as the history entry's state. Failure: `error` is the
 * server's message, else 'Error al iniciar sesión'.
 * @returns false when the page must show `error`.
 */
export const login =
  (body: LoginRequest, redirect?: string | null): AppThunk<Promise<boolean>> =>
  async (dispatch, _getState, { navigator, config }) => {
    dispatch(authRequestStarted());
    try {
      const res = await requestJson<LoginResult>(config().apiBaseUrl, '/api/auth/login', {
        method: 'POST',
        body,
        fallbackMessage: MESSAGES.loginError,
      });
      if ('token' in res) dispatch(startSession(res, redirect));
      else {
        dispatch(loggedOut());
        const { mfa, verificacion } = res as LoginChallengeResponse & Partial<LoginMfaResponse>;
        // `{mfa}` (issue #16): remote-auth's code step, or its enrolment step when a role
        // requires a factor the user lacks. The 5-minute token and `redirect` travel in the
        // history entry's state, never in the URL (logs, Referer, history) nor in storage
        // (nothing to clean up; works with storage blocked); the page reads and checks them.
        // Under the /login prefix, so the runtime config's route list grows by nothing: this
        // branch is all the first paint carries of the second factor.
        navigator.navigate(
          mfa
            ? `/login/${mfa.configurar ? 'configurar-' : ''}dos-pasos`
            : `/verificar-acceso?token=${verificacion.token}`,
          { state: { ...mfa, redirect } },
        );
      }
      return true;
    } catch (error) {
      dispatch(authRequestFailed(messageOf(error, MESSAGES.loginError)));
      return false;
    }
  };

/**
 * POST /api/auth/register. Success: token and user, 'Cuenta creada correctamente', then
 * `/login` (SPEC §4). With `verificacionEmail` on (issue #15) there is no session:
 * `'pendiente'`, and the page tells the visitor to check their mail. When the default role
 * requires a second factor (`{mfa}`, issue #16) there is none either: the enrolment step at
 * /login/configurar-dos-pasos, with the token as the history entry's state. Failure: the
 * server's message, else 'Error al registrarse'.
 */
export const register =
  (body: RegisterRequest): AppThunk<Promise<boolean | 'pendiente'>> =>
  async (dispatch, _getState, { navigator, config }) => {
    dispatch(authRequestStarted());
    try {
      const res = await requestJson<RegisterResult>(config().apiBaseUrl, '/api/auth/register', {
        method: 'POST',
        body,
        fallbackMessage: MESSAGES.registerError,
      });
      if (!('token' in res)) {
        dispatch(loggedOut());
        // The default role requires a second factor (issue #16): the account exists and enrols
        // one at the sign-in's enrolment step, whose activation starts the session.
        if ('mfa' in res) navigator.navigate('/login/configurar-dos-pasos', { state: res.mfa });
        return 'mfa' in res || 'pendiente';
      }
      storeToken(res.token);
      dispatch(registered({ token: res.token, user: res.user }));
      dispatch(alertAdded({ message: MESSAGES.registerSuccess, type: 'success' }));
      navigator.navigate(paths.login());
      return true;
    } catch (error) {
      dispatch(authRequestFailed(messageOf(error, MESSAGES.registerError)));
      return false;
    }
  };

/**
 * Signs out (SPEC §4): revokes the session on the server when it can, and whatever that call
 * does, clears token, user, error and loading, shows 'Sesión cerrada' and goes to `/login`
 * replacing the history entry (Back must not return into the app).
 * @param options.error an error to show first (the reason the shell is signing the user out).
 */
export const logout =
  (options: { error?: string } = {}): AppThunk<Promise<void>> =>
  async (dispatch, getState, { navigator, config, apis }) => {
    const { token } = getState().auth;
    let failed = false;
    if (token) {
      try {
        await requestJson<void>(config().apiBaseUrl, '/api/auth/logout', {
          method: 'POST',
          token,
          fallbackMessage: MESSAGES.logoutError,
        });
      } catch (error) {
        // 401: the server had already ended this session — signing out still succeeded.
        failed = !(error instanceof ApiError && error.status === 401);
      }
    }
    clearStoredToken();
    dispatch(loggedOut());
    for (const api of apis()) dispatch(api.util.resetApiState());
    if (options.error) dispatch(alertAdded({ message: options.error, type: 'error' }));
    // When the shell signs the user out for a reason, that reason is the one message worth showing.
    if (failed && !options.error) dispatch(alertAdded({ message: MESSAGES.logoutError, type: 'error' }));
    dispatch(alertAdded({ message: MESSAGES.logoutInfo, type: 'info' }));
    navigator.navigate(paths.login(), { replace: true });
  };

/**
 * At start, checks a stored token with GET /api/auth/me (SPEC §4, §5): a failed call logs out
 * with 'Error al obtener datos del usuario'; a user without roles with 'Datos de usuario
 * inválidos'.
 */
export const fetchUser =
  (): AppThunk<Promise<void>> =>
  async (dispatch, getState, { config }) => {
    const { token } = getState().auth;
    if (!token) return;
    dispatch(authRequestStarted());
    let user: MeResponse['user'] | undefined;
    try {
      const res = await requestJson<MeResponse | undefined>(config().apiBaseUrl, '/api/auth/me', {
        token,
        fallbackMessage: MESSAGES.userFetchError,
      });
      user = res?.user;
    } catch {
      await dispatch(logout({ error: MESSAGES.userFetchError }));
      return;
    }
    if (getState().auth.token !== token) return; // signed out or in again meanwhile
    if (!user || !Array.isArray(user.roles) || user.roles.length === 0) {
      await dispatch(logout({ error: MESSAGES.invalidUserData }));
      return;
    }
    dispatch(userLoaded(user));
  };
