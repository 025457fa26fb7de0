import { screen } from '@testing-library/react';
import { makeUser, renderPage, signedIn } from '../../../testing/render';
import InformePage from './InformePage';

describe('InformePage', () => {
  it('shows its title, the report and the permission', () => {
    renderPage(<InformePage />, {
      url: '/informes/12',
      path: '/informes/:id',
      auth: signedIn(makeUser()),
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Informe' })).toBeInTheDocument();
    expect(screen.getByText('Informe 12')).toBeInTheDocument();
    expect(screen.getByText('Tu permiso: informes:ver')).toBeInTheDocument();
  });
});
