/**
 * Renders a page of this remote the way the shell mounts it: inside a router, under a
 * `ShellContext` whose services are jest mocks and a real Redux store with shared's `baseApi`
 * (`makeTestStore`), with this package's translations on the shared i18next instance (Spanish,
 * the default locale). Server answers come from `mockFetch`.
 */
import type { ReactElement } from 'react';
import { configure, render, type RenderResult } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_RUNTIME_CONFIG, type User } from '@gestion/shared';
import { ShellContext, type AuthView, type ShellServices } from '@gestion/shared/react';
import { NAMESPACE } from '../i18n/namespace';
import en from '../i18n/en.json';
import es from '../i18n/es.json';
import { makeTestStore, type TestStore } from '@gestion/shared/testing';

// MUI X grids and pickers render slowly in jsdom on a shared two-core machine: findBy/waitFor
// get 5 s instead of 1 s, so a busy machine does not turn a correct page into a failure.
configure({ asyncUtilTimeout: 5000 });

if (!i18next.isInitialized) {
  // The shell's settings (shell/src/app/i18n.ts): bundles given up front make init synchronous,
  // and remotes add theirs later. Unlike the shell, escaping stays on: a page interpolating a
  // user's name must opt out itself, so it renders right whatever the host decides.
  void i18next.use(initReactI18next).init({
    lng: 'es',
    fallbackLng: 'es',
    supportedLngs: ['es', 'en'],
    partialBundledLanguages: true,
    resources: { es: { [NAMESPACE]: es }, en: { [NAMESPACE]: en } },
    showSupportNotice: false,
  });
}

/** A user of the seeded `gestor` role (eventos, periodos, informes, filtrado). */
export function makeGestor(): User {
  return makeUser({
    nombre: 'Gema Gestora',
    roles: [
      {
        nombre: 'gestor',
        permisos: [
          'eventos:ver',
          'eventos:crear',
          'eventos:editar',
          'eventos:eliminar',
          'periodos:ver',
          'periodos:gestionar',
        ].map((nombre) => ({ nombre })),
      },
    ],
  });
}

/** A user of the seeded `usuario` role unless told otherwise. */
export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: 1,
    email: 'ana@example.com',
    nombre: 'Ana Pérez',
    activo: true,
    roles: [
      {
        nombre: 'usuario',
        permisos: [
          { nombre: 'eventos:ver' },
          { nombre: 'periodos:ver' },
          { nombre: 'informes:ver' },
        ],
      },
    ],
    ...overrides,
  };
}

/** Signed-in auth state for `user`. */
export function signedIn(user: User = makeUser()): Partial<AuthView> {
  return { user, token: 'token', isAuthenticated: true, isLoggedIn: true };
}

interface RenderPageOptions {
  /** The URL the router starts at, e.g. `/login?redirect=%2Feventos`. */
  url?: string;
  /** The route pattern the page is mounted on, e.g. `/eventos/:id/periodos`. */
  path?: string;
  auth?: Partial<AuthView>;
  /** The store RTK Query runs in; a fresh `makeTestStore()` unless given. */
  store?: TestStore;
}

/** The fake shell: every action a jest mock the test can configure and inspect. */
export interface FakeShell extends ShellServices {
  login: jest.Mock<Promise<boolean>, Parameters<ShellServices['login']>>;
  register: jest.Mock<Promise<boolean>, Parameters<ShellServices['register']>>;
  logout: jest.Mock<Promise<void>, []>;
  notify: jest.Mock<void, Parameters<ShellServices['notify']>>;
  navigateTo: jest.Mock<boolean, Parameters<ShellServices['navigateTo']>>;
}

export function renderPage(
  ui: ReactElement,
  { url = '/', path = '*', auth = {}, store = makeTestStore() }: RenderPageOptions = {},
): RenderResult & { user: UserEvent; shell: FakeShell; store: TestStore } {
  const shell: FakeShell = {
    auth: {
      user: null,
      token: null,
      loading: false,
      error: null,
      isAuthenticated: false,
      isLoggedIn: false,
      ...auth,
    },
    login: jest.fn<Promise<boolean>, Parameters<ShellServices['login']>>().mockResolvedValue(true),
    register: jest
      .fn<Promise<boolean>, Parameters<ShellServices['register']>>()
      .mockResolvedValue(true),
    logout: jest.fn<Promise<void>, []>().mockResolvedValue(undefined),
    notify: jest.fn<void, Parameters<ShellServices['notify']>>(),
    navigateTo: jest.fn<boolean, Parameters<ShellServices['navigateTo']>>().mockReturnValue(true),
    config: DEFAULT_RUNTIME_CONFIG,
  };
  const user = userEvent.setup();
  const result = render(
    <Provider store={store}>
      <ShellContext.Provider value={shell}>
        <MemoryRouter initialEntries={[url]}>
          <Routes>
            <Route path={path} element={ui} />
          </Routes>
        </MemoryRouter>
      </ShellContext.Provider>
    </Provider>,
  );
  return { ...result, user, shell, store };
}
