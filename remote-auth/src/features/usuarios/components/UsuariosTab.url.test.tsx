/**
 * Usuarios keeps its list in the URL (issue #14) and offers "all N matching" for bulk actions,
 * sent as the list's `filtro`.
 */
import { screen, waitFor, within } from '@testing-library/react';
import type { BulkUsuariosResponse, Usuario } from '@gestion/shared';
import { mockFetch } from '@gestion/shared/testing';
import { makeUser, renderPage, signedIn } from '../../../testing/render';
import { UsuariosTab } from './UsuariosTab';

const admin = makeUser({ roles: [{ nombre: 'admin', permisos: [] }] });

const usuario = (id: number, nombre: string): Usuario => ({
  id,
  nombre,
  email: `u${id}@example.com`,
  activo: true,
  roles: ['usuario'],
  creadoEn: '2026-11-01T10:00:00.000Z',
  ultimoAcceso: null,
  version: 1,
});
const ROWS = [usuario(2, 'Luis Gómez'), usuario(3, 'Lucía Martín')];

jest.setTimeout(30_000);

describe('UsuariosTab in the URL', () => {
  it('asks the api for the search, filters, sort and page the URL names', async () => {
    const fetchMock = mockFetch({
      'GET /api/usuarios': { body: { items: ROWS, total: 12, page: 2, pageSize: 10 } },
      'GET /api/roles': { body: { items: [], total: 0, page: 1, pageSize: 100 } },
    });
    renderPage(<UsuariosTab />, {
      auth: signedIn(admin),
      url: '/configuracion/usuarios?q=lu&activo=true&sort=-email&page=2&pageSize=10',
    });
    await screen.findByText('Luis Gómez');
    const call = fetchMock.callsTo('GET /api/usuarios')[0]!;
    expect(Object.fromEntries(call.query)).toEqual({
      q: 'lu',
      activo: 'true',
      sort: '-email',
      page: '2',
      pageSize: '10',
    });
    expect(screen.getByRole('searchbox', { name: 'Buscar por nombre o correo' })).toHaveValue('lu');
  });

  it('reads bad values as the defaults', async () => {
    const fetchMock = mockFetch({
      'GET /api/usuarios': { body: { items: ROWS, total: 2, page: 1, pageSize: 25 } },
      'GET /api/roles': { body: { items: [], total: 0, page: 1, pageSize: 100 } },
    });
    renderPage(<UsuariosTab />, {
      auth: signedIn(admin),
      url: '/configuracion/usuarios?sort=password&page=0&pageSize=7&activo=quiza',
    });
    await screen.findByText('Luis Gómez');
    const call = fetchMock.callsTo('GET /api/usuarios')[0]!;
    expect(Object.fromEntries(call.query)).toEqual({ page: '1', pageSize: '25' });
  });

  it('shows the last page with rows when the URL names one past the end', async () => {
    const fetchMock = mockFetch({
      'GET /api/usuarios': ({ query }) => ({
        body: {
          items: query.get('page') === '2' ? ROWS : [],
          total: 12,
          page: Number(query.get('page')),
          pageSize: 10,
        },
      }),
      'GET /api/roles': { body: { items: [], total: 0, page: 1, pageSize: 100 } },
    });
    renderPage(<UsuariosTab />, {
      auth: signedIn(admin),
      url: '/configuracion/usuarios?page=9&pageSize=10',
    });
    expect(await screen.findByText('Luis Gómez')).toBeInTheDocument();
    expect(fetchMock.callsTo('GET /api/usuarios').map((c) => c.query.get('page'))).toEqual(['9', '2']);
  });

  it('selects every matching user and sends the filter, naming each user in the result', async () => {
    const result: BulkUsuariosResponse = {
      accion: 'desactivar',
      resultados: [
        { id: 2, estado: 'hecho', nombre: 'Luis Gómez', email: 'u2@example.com' },
        { id: 40, estado: 'hecho', nombre: 'Lorena Vidal', email: 'u40@example.com' },
      ],
      resumen: { hechos: 2, rechazados: 0 },
    };
    const fetchMock = mockFetch({
      'GET /api/usuarios': { body: { items: ROWS, total: 30, page: 1, pageSize: 25 } },
      'GET /api/roles': { body: { items: [], total: 0, page: 1, pageSize: 100 } },
      'POST /api/usuarios/bulk': { body: result },
    });
    const { user } = renderPage(<UsuariosTab />, {
      auth: signedIn(admin),
      url: '/configuracion/usuarios?q=lu&activo=true',
    });
    await screen.findByText('Luis Gómez');
    // The header's checkbox selects the page; the line then offers every match.
    await user.click(screen.getAllByRole('checkbox')[0]!);
    expect(await screen.findByText('Los 2 usuarios de esta página están seleccionados.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Seleccionar los 30 usuarios que coinciden' }));
    expect(screen.getByText('Los 30 usuarios que coinciden están seleccionados.')).toBeInTheDocument();
    expect(screen.getByText('30 usuarios seleccionados')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Desactivar seleccionados' }));
    const dialog = screen.getByRole('dialog', { name: '¿Desactivar 30 usuarios?' });
    await user.click(within(dialog).getByRole('button', { name: 'Desactivar' }));
    await waitFor(() => expect(fetchMock.callsTo('POST /api/usuarios/bulk')).toHaveLength(1));
    expect(fetchMock.callsTo('POST /api/usuarios/bulk')[0]!.body).toEqual({
      accion: 'desactivar',
      filtro: { q: 'lu', activo: true },
    });
    // A user the console never listed is named from the api's answer.
    const results = await screen.findByRole('table', { name: /resultado/i });
    expect(within(results).getByText('Lorena Vidal')).toBeInTheDocument();
  });

  it('clears the selection of every match', async () => {
    mockFetch({
      'GET /api/usuarios': { body: { items: ROWS, total: 30, page: 1, pageSize: 25 } },
      'GET /api/roles': { body: { items: [], total: 0, page: 1, pageSize: 100 } },
    });
    const { user } = renderPage(<UsuariosTab />, { auth: signedIn(admin) });
    await screen.findByText('Luis Gómez');
    await user.click(screen.getAllByRole('checkbox')[0]!);
    await user.click(await screen.findByRole('button', { name: 'Seleccionar los 30 usuarios que coinciden' }));
    await user.click(screen.getByRole('button', { name: 'Borrar selección' }));
    await waitFor(() =>
      expect(screen.queryByRole('toolbar', { name: /selecci/i })).not.toBeInTheDocument(),
    );
    expect(screen.queryByText(/coinciden están seleccionados/)).not.toBeInTheDocument();
  });
});
