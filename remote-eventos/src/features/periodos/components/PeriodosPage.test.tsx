import { screen } from '@testing-library/react';
import { makeUser, renderPage, signedIn } from '../../../testing/render';
import PeriodosPage from './PeriodosPage';

describe('PeriodosPage', () => {
  it('shows its title, the event and the permission', () => {
    renderPage(<PeriodosPage />, {
      url: '/eventos/7/periodos',
      path: '/eventos/:id/periodos',
      auth: signedIn(makeUser()),
    });
    expect(
      screen.getByRole('heading', { level: 1, name: 'Periodos del evento' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Evento 7')).toBeInTheDocument();
    expect(screen.getByText('Tu permiso: periodos:ver')).toBeInTheDocument();
    expect(screen.getByText('Gestionar periodos: no')).toBeInTheDocument();
  });
});
