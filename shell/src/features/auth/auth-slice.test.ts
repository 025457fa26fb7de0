import { AUTH_TOKEN_KEY, MESSAGES, API_MESSAGES } from '@gestion/shared';
import { sessionExpired, userUpdated } from '@gestion/shared/react';
import { makeStore, type RootState } from '../../app/store';
import type { Navigator } from '../../app/navigator';
import { mockFetch } from '../../testing/fetch-mock';
import { makeUser } from '../../testing/fixtures';
import { selectAlerts } from '../alerts/alerts-slice';
import {
  authInitialState,
  authSlice,
  loggedIn,
  loggedOut,
  selectIsAuthenticated,
  selectIsLoggedIn,
} from './auth-slice';
import { fetchUser, login, logout, register } from './auth-thunks';

const user = makeUser();

function setup(preloadedState?: Partial<RootState>) {
  const navigator: jest.Mocked<Navigator> = { navigate: jest.fn(), currentPath: jest.fn(() => '/eventos') };
  const store = makeStore(preloadedState, { navigator });
  const alerts = () => selectAlerts(store.getState()).map((a) => [a.type, a.message]);
  return { store, navigator, alerts };
}

const signedIn = (u = user): Partial<RootState> => ({ auth: { ...authInitialState('tok'), user: u } });

beforeEach(() => {
  localStorage.clear();
  jest.useRealTimers();
});

describe('auth states (SPEC §4)', () => {
  it('is logged out without a token, authenticated with a token, logged in with token and user', () => {
    const out = setup().store.getState();
    expect([selectIsAuthenticated(out), selectIsLoggedIn(out)]).toEqual([false, false]);
    const tokenOnly = setup({ auth: authInitialState('tok') }).store.getState();
    expect([selectIsAuthenticated(tokenOnly), selectIsLoggedIn(tokenOnly)]).toEqual([true, false]);
    const both = setup(signedIn()).store.getState();
    expect([selectIsAuthenticated(both), selectIsLoggedIn(both)]).toEqual([true, true]);
  });
});

describe('login', () => {
  it('sets token and user, stores the token, shows "Bienvenido de nuevo" and goes to /', async () => {
    const fetchMock = mockFetch({ 'POST /api/auth/login': { body: { token: 'abc', user } } });
    const { store, navigator, alerts } = setup();
    await expect(store.dispatch(login({ email: 'ana@example.com', password: 'secreta123' }))).resolves.toBe(true);
    expect(store.getState().auth).toEqual({ token: 'abc', user, loading: false, error: null });
    expect(localStorage.getItem(AUTH_TOKEN_KEY)).toBe('abc');
    expect(alerts()).toEqual([['success', 'Bienvenido de nuevo']]);
    expect(navigator.navigate).toHaveBeenCalledWith('/', { replace: true });
    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(JSON.parse(init.body as string)).toEqual({ email: 'ana@example.com', password: 'secreta123' });
  });

  it('goes to a same-origin ?redirect= path, and to / for another origin', async () => {
    mockFetch({ 'POST /api/auth/login': { body: { token: 'abc', user } } });
    const first = setup();
    await first.store.dispatch(login({ email: 'a@b.c', password: 'x' }, '/informes/3'));
    expect(first.navigator.navigate).toHaveBeenCalledWith('/informes/3', { replace: true });
    const second = setup();
    await second.store.dispatch(login({ email: 'a@b.c', password: 'x' }, '//evil.example'));
    expect(second.navigator.navigate).toHaveBeenCalledWith('/', { replace: true });
  });

  it('keeps the server message ("Credenciales incorrectas") as the error', async () => {
    mockFetch({
      'POST /api/auth/login': {
        status: 401,
        body: { statusCode: 401, error: 'Unauthorized', message: MESSAGES.invalidCredentials },
      },
    });
    const { store, navigator, alerts } = setup();
    await expect(store.dispatch(login({ email: 'a@b.c', password: 'mal' }))).resolves.toBe(false);
    expect(store.getState().auth).toEqual({ token: null, user: null, loading: false, error: 'Credenciales incorrectas' });
    expect(localStorage.getItem(AUTH_TOKEN_KEY)).toBeNull();
    expect(alerts()).toEqual([]);
    expect(navigator.navigate).not.toHaveBeenCalled();
  });

  it('falls back to "Error al iniciar sesión" without a server message or when the call throws', async () => {
    mockFetch({ 'POST /api/auth/login': { status: 500 } });
    const a = setup();
    await a.store.dispatch(login({ email: 'a@b.c', password: 'x' }));
    expect(a.store.getState().auth.error).toBe('Error al iniciar sesión');

    mockFetch({ 'POST /api/auth/login': new TypeError('network down') });
    const b = setup();
    await b.store.dispatch(login({ email: 'a@b.c', password: 'x' }));
    expect(b.store.getState().auth.error).toBe('Error al iniciar sesión');
  });

  it('treats an `error` field in a 200 answer as a failure (SPEC §5)', async () => {
    mockFetch({ 'POST /api/auth/login': { body: { error: 'Bad', message: 'Cuenta desactivada' } } });
    const { store } = setup();
    await expect(store.dispatch(login({ email: 'a@b.c', password: 'x' }))).resolves.toBe(false);
    expect(store.getState().auth.error).toBe('Cuenta desactivada');
    expect(store.getState().auth.token).toBeNull();
  });

  it('is loading while the call runs', async () => {
    let answer!: (v: unknown) => void;
    globalThis.fetch = jest.fn(() => new Promise((r) => (answer = r))) as unknown as typeof fetch;
    const { store } = setup();
    const pending = store.dispatch(login({ email: 'a@b.c', password: 'x' }));
    expect(store.getState().auth.loading).toBe(true);
    answer({ status: 200, ok: true, json: () => Promise.resolve({ token: 't', user }) });
    await pending;
    expect(store.getState().auth.loading).toBe(false);
  });
});

describe('register', () => {
  it('sets token and user, shows "Cuenta creada correctamente" and goes to /login', async () => {
    mockFetch({
      'POST /api/auth/register': { status: 201, body: { token: 'new', user, message: MESSAGES.registerSuccess } },
    });
    const { store, navigator, alerts } = setup();
    await expect(
      store.dispatch(register({ email: 'ana@example.com', password: 'secreta123', nombre: 'Ana' })),
    ).resolves.toBe(true);
    expect(store.getState().auth).toMatchObject({ token: 'new', user, error: null, loading: false });
    expect(localStorage.getItem(AUTH_TOKEN_KEY)).toBe('new');
    expect(alerts()).toEqual([['success', 'Cuenta creada correctamente']]);
    expect(navigator.navigate).toHaveBeenCalledWith('/login');
  });

  it('shows the server message, else "Error al registrarse"', async () => {
    mockFetch({
      'POST /api/auth/register': {
        status: 409,
        body: { statusCode: 409, error: 'Conflict', message: API_MESSAGES.emailTaken },
      },
    });
    const a = setup();
    await expect(a.store.dispatch(register({ email: 'a@b.c', password: 'x', nombre: 'A' }))).resolves.toBe(false);
    expect(a.store.getState().auth.error).toBe(API_MESSAGES.emailTaken);

    mockFetch({ 'POST /api/auth/register': new TypeError('offline') });
    const b = setup();
    await b.store.dispatch(register({ email: 'a@b.c', password: 'x', nombre: 'A' }));
    expect(b.store.getState().auth.error).toBe('Error al registrarse');
    expect(b.store.getState().auth.token).toBeNull();
  });
});

describe('logout', () => {
  it('clears token, user, error and loading, shows "Sesión cerrada" and replaces the entry with /login', async () => {
    const fetchMock = mockFetch({ 'POST /api/auth/logout': { status: 204 } });
    localStorage.setItem(AUTH_TOKEN_KEY, 'tok');
    const { store, navigator, alerts } = setup({ auth: { token: 'tok', user, loading: true, error: 'x' } });
    await store.dispatch(logout());
    expect(store.getState().auth).toEqual({ token: null, user: null, loading: false, error: null });
    expect(localStorage.getItem(AUTH_TOKEN_KEY)).toBeNull();
    expect(alerts()).toEqual([['info', 'Sesión cerrada']]);
    expect(navigator.navigate).toHaveBeenCalledWith('/login', { replace: true });
    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect((init.headers as Record<string, string>).authorization).toBe('Bearer tok');
  });

  it('shows "Error al cerrar sesión" when the call fails, and still signs out', async () => {
    mockFetch({ 'POST /api/auth/logout': new TypeError('offline') });
    localStorage.setItem(AUTH_TOKEN_KEY, 'tok');
    const { store, navigator, alerts } = setup(signedIn());
    await store.dispatch(logout());
    expect(store.getState().auth).toEqual({ token: null, user: null, loading: false, error: null });
    expect(localStorage.getItem(AUTH_TOKEN_KEY)).toBeNull();
    expect(alerts()).toEqual([
      ['error', 'Error al cerrar sesión'],
      ['info', 'Sesión cerrada'],
    ]);
    expect(navigator.navigate).toHaveBeenCalledWith('/login', { replace: true });
  });

  it('does not call it an error when the server had already ended the session (401)', async () => {
    mockFetch({ 'POST /api/auth/logout': { status: 401, body: { statusCode: 401, error: 'Unauthorized', message: 'x' } } });
    const { store, alerts } = setup(signedIn());
    await store.dispatch(logout());
    expect(alerts()).toEqual([['info', 'Sesión cerrada']]);
  });
});

describe('fetchUser at start', () => {
  it('loads the user of the stored token', async () => {
    const fetchMock = mockFetch({ 'GET /api/auth/me': { body: { user } } });
    const { store } = setup({ auth: authInitialState('tok') });
    await store.dispatch(fetchUser());
    expect(store.getState().auth).toEqual({ token: 'tok', user, loading: false, error: null });
    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect((init.headers as Record<string, string>).authorization).toBe('Bearer tok');
  });

  it('logs out with "Error al obtener datos del usuario" when the call fails', async () => {
    mockFetch({ 'GET /api/auth/me': { status: 500 }, 'POST /api/auth/logout': { status: 204 } });
    localStorage.setItem(AUTH_TOKEN_KEY, 'tok');
    const { store, navigator, alerts } = setup({ auth: authInitialState('tok') });
    await store.dispatch(fetchUser());
    expect(store.getState().auth).toEqual(authInitialState(null));
    expect(localStorage.getItem(AUTH_TOKEN_KEY)).toBeNull();
    expect(alerts()).toContainEqual(['error', 'Error al obtener datos del usuario']);
    expect(navigator.navigate).toHaveBeenCalledWith('/login', { replace: true });
  });

  it.each([
    ['empty roles', { ...user, roles: [] }],
    ['missing roles', { ...user, roles: undefined }],
  ])('logs out with "Datos de usuario inválidos" for a user with %s', async (_label, badUser) => {
    mockFetch({ 'GET /api/auth/me': { body: { user: badUser } }, 'POST /api/auth/logout': { status: 204 } });
    const { store, alerts, navigator } = setup({ auth: authInitialState('tok') });
    await store.dispatch(fetchUser());
    expect(store.getState().auth.token).toBeNull();
    expect(alerts()).toContainEqual(['error', 'Datos de usuario inválidos']);
    expect(alerts()).not.toContainEqual(['error', 'Error al obtener datos del usuario']);
    expect(navigator.navigate).toHaveBeenCalledWith('/login', { replace: true });
  });

  it('does nothing without a stored token', async () => {
    const fetchMock = mockFetch({});
    const { store } = setup();
    await store.dispatch(fetchUser());
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('sessionExpired (a 401 from any call)', () => {
  it('ends the session once: one toast and one redirect however many calls failed', () => {
    localStorage.setItem(AUTH_TOKEN_KEY, 'tok');
    const { store, navigator, alerts } = setup(signedIn());
    store.dispatch(sessionExpired());
    store.dispatch(sessionExpired());
    expect(store.getState().auth).toEqual(authInitialState(null));
    expect(localStorage.getItem(AUTH_TOKEN_KEY)).toBeNull();
    expect(alerts()).toEqual([['warning', API_MESSAGES.unauthenticated]]);
    expect(navigator.navigate).toHaveBeenCalledTimes(1);
    expect(navigator.navigate).toHaveBeenCalledWith('/login?redirect=%2Feventos', { replace: true });
  });
});

describe('userUpdated (a remote changed the signed-in user)', () => {
  it('replaces the user while signed in, and is ignored once signed out', () => {
    const signedIn = authSlice.reducer(undefined, loggedIn({ token: 't', user: makeUser() }));
    const renamed = { ...makeUser(), nombre: 'Nombre Nuevo' };
    expect(authSlice.reducer(signedIn, userUpdated(renamed)).user?.nombre).toBe('Nombre Nuevo');
    const out = authSlice.reducer(signedIn, loggedOut());
    expect(authSlice.reducer(out, userUpdated(renamed)).user).toBeNull();
  });
});
