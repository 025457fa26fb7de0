/**
 * Renders a remote's page the way the shell mounts it: inside a Redux store with shared's
 * `baseApi`, a router, and a `ShellContext` whose services are jest mocks the test can configure
 * and inspect. Each remote's `src/testing/render.tsx` adds its translations with `initTestI18n`.
 */
import type { ReactElement } from 'react';
import { configure, render, type RenderResult } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { User } from '../contracts/user';
import { DEFAULT_RUNTIME_CONFIG } from '../runtime-config';
import { ShellContext, type AuthView, type ShellServices } from '../react/shell-context';
import { makeTestStore, type TestStore } from './store';

// MUI X grids and pickers render slowly in jsdom on a shared two-core machine: findBy/waitFor
// get 5 s instead of 1 s, so a busy machine does not turn a correct page into a failure.
configure({ asyncUtilTimeout: 5000 });

/**
 * Initialises the shared i18next instance as the shell does (shell/src/app/i18n.ts: Spanish
 * default, bundles given up front so init is synchronous) with one namespace's bundles. Unlike
 * the shell, escaping stays on: a page interpolating a user's name must opt out itself.
 */
export function initTestI18n(ns: string, bundles: { es: object; en: object }): void {
  if (i18next.isInitialized) {
    i18next.addResourceBundle('es', ns, bundles.es, true, true);
    i18next.addResourceBundle('en', ns, bundles.en, true, true);
    return;
  }
  void i18next.use(initReactI18next).init({
    lng: 'es',
    fallbackLng: 'es',
    supportedLngs: ['es', 'en'],
    partialBundledLanguages: true,
    resources: { es: { [ns]: bundles.es }, en: { [ns]: bundles.en } },
    showSupportNotice: false,
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

export interface RenderPageOptions {
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
  register: jest.Mock<Promise<boolean | 'pendiente'>, Parameters<ShellServices['register']>>;
  startSession: jest.Mock<void, Parameters<ShellServices['startSession']>>;
  logout: jest.Mock<Promise<void>, []>;
  notify: jest.Mock<void, Parameters<ShellServices['notify']>>;
  navigateTo: jest.Mock<boolean, Parameters<ShellServices['navigateTo']>>;
}

/** Renders `ui` on `path` at `url` under the fake shell; returns the user-event session too. */
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
      .fn<Promise<boolean | 'pendiente'>, Parameters<ShellServices['register']>>()
      .mockResolvedValue(true),
    startSession: jest.fn<void, Parameters<ShellServices['startSession']>>(),
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
