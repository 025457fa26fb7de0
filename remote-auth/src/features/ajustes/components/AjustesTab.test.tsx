import { screen, waitFor } from '@testing-library/react';
import { mockFetch } from '@gestion/shared/testing';
import { makeUser, renderPage, signedIn } from '../../../testing/render';
import { AjustesTab } from './AjustesTab';

jest.setTimeout(20_000);

const admin = makeUser({ roles: [{ nombre: 'admin', permisos: [] }] });

describe('AjustesTab', () => {
  it('switches self-registration off, sending the version it was based on', async () => {
    const fetchMock = mockFetch({
      'GET /api/configuracion': { body: { registroAbierto: true, rolPorDefecto: 'usuario', version: 2 } },
      'GET /api/roles': { body: { items: [], total: 0, page: 1, pageSize: 100 } },
      'PATCH /api/configuracion': { body: { registroAbierto: false, rolPorDefecto: 'usuario', version: 3 } },
    });
    const { user, shell } = renderPage(<AjustesTab />, { auth: signedIn(admin) });
    const toggle = await screen.findByRole('switch', { name: 'Permitir el registro de nuevos usuarios' });
    expect(toggle).toBeChecked();
    await user.click(toggle);
    await waitFor(() => expect(fetchMock.callsTo('PATCH /api/configuracion')).toHaveLength(1));
    expect(fetchMock.callsTo('PATCH /api/configuracion')[0]!.body).toEqual({
      registroAbierto: false,
      version: 2,
    });
    await waitFor(() => expect(shell.notify).toHaveBeenCalledWith('Ajustes guardados', { type: 'success' }));
  });
});
