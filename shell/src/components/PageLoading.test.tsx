import { screen } from '@testing-library/react';
import { makeUser } from '../testing/fixtures';
import { renderApp, signedInState } from '../testing/render';

// The first route's remote never answers: what a first visit shows while it downloads.
const neverLoads = () => new Promise<never>(() => undefined);

describe('loading states', () => {
  it('shows a signed-in visitor the layout’s shape and says "Cargando…", not a bare spinner', async () => {
    const { container } = renderApp({
      url: '/eventos',
      preloadedState: signedInState(makeUser()),
      loadRoutes: neverLoads,
    });
    expect(await screen.findByRole('status')).toHaveTextContent('Cargando…');
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    // Grey blocks where the heading and content will be, hidden from screen readers.
    expect(container.querySelectorAll('[aria-hidden="true"] > div').length).toBeGreaterThanOrEqual(
      3,
    );
  });

  it('shows a signed-out visitor the sign-in card with the product’s name while /login loads', async () => {
    renderApp({ url: '/login', loadRoutes: neverLoads });
    expect(await screen.findByRole('status')).toHaveTextContent('Cargando…');
    expect(screen.getByText('Gestión de usuarios')).toBeInTheDocument();
    expect(screen.getByRole('main')).toContainElement(screen.getByRole('status'));
  });
});
