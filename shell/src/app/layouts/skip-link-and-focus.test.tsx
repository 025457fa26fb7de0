import { act, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { makeUser } from '../../testing/fixtures';
import { renderApp, signedInState } from '../../testing/render';

const usuario = makeUser();

describe.each([
  ['default', 1280],
  ['mobile', 390],
])('the %s layout', (_layout, width) => {
  it('offers "Saltar al contenido" as the first stop of the tab order, and it focuses <main>', async () => {
    const { user } = renderApp({ url: '/', preloadedState: signedInState(usuario), width });
    await screen.findByRole('heading', { name: 'Hola, Ana Pérez' });
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Saltar al contenido' });
    expect(skip).toHaveFocus();
    expect(skip).toHaveAttribute('href', '#contenido');
    const main = screen.getByRole('main');
    expect(main).toHaveAttribute('id', 'contenido');
    expect(main).toHaveAttribute('tabindex', '-1');
    await user.keyboard('{Enter}');
    expect(main).toHaveFocus();
  });

  it('moves focus to the new page’s h1 after a navigation, not on the first load', async () => {
    const { user } = renderApp({ url: '/', preloadedState: signedInState(usuario), width });
    await screen.findByRole('heading', { name: 'Hola, Ana Pérez' });
    expect(document.body).toHaveFocus();
    const nav = await screen.findByRole('navigation', { name: 'Navegación principal' });
    const informes = await within(nav).findByRole('link', { name: 'Informes' });
    await user.click(informes);
    const heading = await screen.findByRole('heading', { level: 1, name: 'Página de informes' });
    await waitFor(() => expect(heading).toHaveFocus());
  });
});

describe('the skip link in English', () => {
  afterEach(async () => {
    await act(async () => {
      await i18next.changeLanguage('es');
    });
  });

  it('reads "Skip to content"', async () => {
    renderApp({ url: '/', preloadedState: signedInState(usuario) });
    await screen.findByRole('heading', { name: 'Hola, Ana Pérez' });
    await act(async () => {
      await i18next.changeLanguage('en');
    });
    expect(screen.getByRole('link', { name: 'Skip to content' })).toHaveAttribute('href', '#contenido');
  });
});
