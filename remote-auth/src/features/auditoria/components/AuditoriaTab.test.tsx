import { screen, waitFor, within } from '@testing-library/react';
import { mockFetch } from '@gestion/shared/testing';
import { makeUser, renderPage, signedIn } from '../../../testing/render';
import { AuditoriaTab } from './AuditoriaTab';

jest.setTimeout(20_000);

const admin = makeUser({ roles: [{ nombre: 'admin', permisos: [] }] });
const ENTRY = {
  id: 7,
  actorId: 1,
  actorEmail: 'admin@example.com',
  accion: 'usuarios.editar',
  objetivoTipo: 'usuario',
  objetivoId: '12',
  cambios: {
    antes: { nombre: 'Luis', activo: true },
    despues: { nombre: 'Luis Gómez', activo: false },
  },
  ip: '10.0.0.1',
  creadoEn: '2026-11-20T09:00:00.000Z',
};

describe('AuditoriaTab', () => {
  it('filters on the server and opens the changed fields of a row', async () => {
    const fetchMock = mockFetch({
      'GET /api/auditoria': { body: { items: [ENTRY], total: 1, page: 1, pageSize: 25 } },
    });
    const { user } = renderPage(<AuditoriaTab />, { auth: signedIn(admin) });
    expect(await screen.findByText('usuario:12')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Acción'), 'usuarios');
    await waitFor(() =>
      expect(fetchMock.callsTo('GET /api/auditoria').at(-1)!.query.get('accion')).toBe('usuarios'),
    );

    // The action in words (issue #14), the target named from the recorded change.
    await user.click(screen.getByText('Editó a Luis Gómez: nombre y activo'));
    const dialog = screen.getByRole('dialog', { name: 'Detalle: usuarios.editar' });
    const nombre = within(dialog).getByText('nombre').closest('tr')!;
    expect(within(nombre).getByText('Luis')).toBeInTheDocument();
    expect(within(nombre).getByText('Luis Gómez')).toBeInTheDocument();
    const activo = within(dialog).getByText('activo').closest('tr')!;
    expect(within(activo).getByText('true')).toBeInTheDocument();
    expect(within(activo).getByText('false')).toBeInTheDocument();
  });

  it('says when a write was made through a personal API token, not as a changed field', async () => {
    const viaToken = { ...ENTRY, cambios: { ...ENTRY.cambios, tokenApi: 9 } };
    const flat = {
      ...ENTRY,
      id: 8,
      accion: 'usuarios.revocar_sesiones',
      cambios: { motivo: 'x', tokenApi: 9 },
    };
    mockFetch({
      'GET /api/auditoria': { body: { items: [viaToken, flat], total: 2, page: 1, pageSize: 25 } },
    });
    const { user } = renderPage(<AuditoriaTab />, { auth: signedIn(admin) });
    await user.click(await screen.findByText('Editó a Luis Gómez: nombre y activo'));
    const dialog = screen.getByRole('dialog', { name: 'Detalle: usuarios.editar' });
    expect(
      within(dialog).getByText('Hecho con el token de API n.º 9 de admin@example.com.'),
    ).toBeInTheDocument();
    expect(within(dialog).queryByText('tokenApi')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getAllByRole('row')[2]!.querySelector('td')!);
    const second = await screen.findByRole('dialog', {
      name: 'Detalle: usuarios.revocar_sesiones',
    });
    expect(within(second).getByText('motivo')).toBeInTheDocument();
    expect(within(second).queryByText('tokenApi')).not.toBeInTheDocument();
    expect(within(second).getByText(/token de API n\.º 9/)).toBeInTheDocument();
  });

  it('shows only the error and a retry when the log failed, not the empty text', async () => {
    mockFetch({
      'GET /api/auditoria': {
        status: 500,
        body: { statusCode: 500, error: 'Internal Server Error', message: 'Fallo interno' },
      },
    });
    renderPage(<AuditoriaTab />, { auth: signedIn(admin) });
    expect(await screen.findByText('Fallo interno')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
    expect(screen.queryByText('Todavía no hay entradas de auditoría')).not.toBeInTheDocument();
  });
});
