import { screen } from '@testing-library/react';
import { makeUser } from '../testing/fixtures';
import { renderApp, signedInState } from '../testing/render';
import type * as DefaultLayoutModule from './layouts/DefaultLayout';
import type * as MobileLayoutModule from './layouts/MobileLayout';

// Counts the downloads of the lazy layouts' chunks (a module's factory runs on its first import).
const loaded: string[] = [];
jest.mock('./layouts/DefaultLayout', () => {
  loaded.push('default');
  return jest.requireActual<typeof DefaultLayoutModule>('./layouts/DefaultLayout');
});
jest.mock('./layouts/MobileLayout', () => {
  loaded.push('mobile');
  return jest.requireActual<typeof MobileLayoutModule>('./layouts/MobileLayout');
});

describe('the guards decide before the layout loads (issue #14: the first visit to /)', () => {
  it('sends a signed-out visitor from / to /login (no redirect back to /) without loading the default layout', async () => {
    const app = renderApp({ url: '/' });
    expect(await screen.findByText('Página de acceso')).toBeInTheDocument();
    expect(app.location()).toBe('/login');
    expect(loaded).toEqual([]);
  });

  it('still gives a signed-in visitor the default layout on /', async () => {
    renderApp({ url: '/', preloadedState: signedInState(makeUser()) });
    expect(await screen.findByRole('heading', { name: 'Hola, Ana Pérez' })).toBeInTheDocument();
    expect(await screen.findByRole('navigation', { name: 'Navegación principal' })).toBeInTheDocument();
    expect(loaded).toEqual(['default']);
  });

  it('keeps the default layout for a signed-out visitor on a page no guard protects', async () => {
    renderApp({ url: '/accesodenegado' });
    expect(await screen.findByRole('heading', { name: 'Acceso denegado' })).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
  });
});
