import { screen, waitFor, within } from '@testing-library/react';
import type { ApiToken } from '@gestion/shared';
import { mockFetch } from '@gestion/shared/testing';
import { makeUser, renderPage, signedIn } from '../../../testing/render';
import UsuarioTokens from './UsuarioTokens';

jest.setTimeout(30_000);

const admin = makeUser({ id: 1, roles: [{ nombre: 'admin', permisos: [] }] });
const BRUNO = { id: 7, nombre: 'Bruno Díaz' };
const TOKEN: ApiToken = {
  id: 12,
  nombre: 'Exportación nocturna',
  permisos: ['informes:exportar'],
  creadoEn: '2026-11-20T10:00:00.000Z',
  expiraEn: '2099-01-01T00:00:00.000Z',
  ultimoUso: '2026-11-25T03:00:00.000Z',
  prefijo: 'gdu_pat_Zz9q',
};
const page = (...items: ApiToken[]) => ({
  body: { items, total: items.length, page: 1, pageSize: 100 },
});

describe("the user page's Tokens de API (issue #17)", () => {
  it("lists that user's tokens and revokes one after the confirmation", async () => {
    const api = mockFetch({
      'GET /api/tokens': page(TOKEN),
      'DELETE /api/tokens/12': { status: 204 },
    });
    const { user, shell } = renderPage(<UsuarioTokens usuario={BRUNO} refusal={null} />, {
      auth: signedIn(admin),
    });
    expect(await screen.findByRole('heading', { name: 'Tokens de API' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Tokens de API de Bruno Díaz' });
    expect(list).toHaveTextContent('Exportación nocturna');
    expect(list).toHaveTextContent('Permisos: Exportar informes');
    expect(api.callsTo('GET /api/tokens')[0]!.query.get('usuarioId')).toBe('7');

    await user.click(screen.getByRole('button', { name: 'Revocar Exportación nocturna' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Revocar el token?' });
    expect(dialog).toHaveTextContent('en nombre de Bruno Díaz');
    await user.click(within(dialog).getByRole('button', { name: 'Revocar' }));
    await waitFor(() => expect(api.callsTo('DELETE /api/tokens/12')).toHaveLength(1));
    await waitFor(() =>
      expect(shell.notify).toHaveBeenCalledWith('Token «Exportación nocturna» revocado', {
        type: 'success',
      }),
    );
  });

  it('says the user has none', async () => {
    mockFetch({ 'GET /api/tokens': page() });
    renderPage(<UsuarioTokens usuario={BRUNO} refusal={null} />, { auth: signedIn(admin) });
    expect(
      await screen.findByText('Bruno Díaz no tiene ningún token de API.'),
    ).toBeInTheDocument();
  });

  it('says why, and asks the api nothing, when the viewer may not act on the user', async () => {
    const api = mockFetch({});
    renderPage(
      <UsuarioTokens usuario={BRUNO} refusal="No puede actuar sobre «Bruno Díaz»" />,
      { auth: signedIn(admin) },
    );
    expect(
      await screen.findByText('No puede actuar sobre «Bruno Díaz»'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });
});
