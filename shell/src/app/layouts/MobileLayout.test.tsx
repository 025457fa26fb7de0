import { screen, waitFor, within } from '@testing-library/react';
import { makeUser } from '../../testing/fixtures';
import { renderApp, signedInState } from '../../testing/render';

describe('mobile layout', () => {
  it('replaces the drawer with bottom navigation below 600 px', async () => {
    renderApp({ url: '/', preloadedState: signedInState(makeUser()), width: 390 });
    const nav = await screen.findByRole('navigation', { name: 'Navegación principal' });
    await waitFor(() => expect(within(nav).getByRole('link', { name: 'Eventos' })).toBeInTheDocument());
    expect(nav.querySelector('.MuiBottomNavigation-root')).not.toBeNull();
    expect(within(nav).queryByRole('link', { name: 'Filtrado' })).not.toBeInTheDocument();
    // a compact bar: sign out stays reachable by its label
    expect(screen.getByRole('button', { name: 'Cerrar sesión' })).toBeInTheDocument();
  });
});
