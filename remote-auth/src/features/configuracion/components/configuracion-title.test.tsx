import { act } from '@testing-library/react';
import i18next from 'i18next';
import { makeUser, renderPage, signedIn } from '../../../testing/render';
import ConfiguracionPage from './ConfiguracionPage';

const admin = makeUser({ roles: [{ nombre: 'admin', permisos: [] }] });

// The tabs' lists stay loading: only the title is under test here.
beforeEach(() => {
  globalThis.fetch = jest.fn(() => new Promise<Response>(() => undefined));
});

afterEach(async () => {
  await act(async () => {
    await i18next.changeLanguage('es');
  });
});

// The whole /configuracion page (the users grid, Mi cuenta with its lazy Seguridad) renders slowly on a
// shared CI machine, like the other page tests of this remote.
jest.setTimeout(20_000);

describe('the document title of /configuracion', () => {
  it.each([
    ['/configuracion', 'Mi cuenta', 'My account'],
    ['/configuracion/usuarios', 'Usuarios', 'Users'],
    ['/configuracion/roles', 'Roles', 'Roles'],
    ['/configuracion/auditoria', 'Auditoría', 'Audit'],
    ['/configuracion/ajustes', 'Ajustes', 'Settings'],
  ])('is the tab name on %s: "%s", "%s" in English', async (url, es, en) => {
    document.title = 'Configuración';
    renderPage(<ConfiguracionPage />, { path: '/configuracion/*', url, auth: signedIn(admin) });
    expect(document.title).toBe(es);
    await act(async () => {
      await i18next.changeLanguage('en');
    });
    expect(document.title).toBe(en);
  });

  it('keeps the route title on a tab the user may not see', () => {
    document.title = 'Configuración';
    renderPage(<ConfiguracionPage />, {
      path: '/configuracion/*',
      url: '/configuracion/usuarios',
      auth: signedIn(makeUser()),
    });
    expect(document.title).toBe('Configuración');
  });
});
