import { screen, waitFor, within } from '@testing-library/react';
import type { BulkUsuariosResponse } from '@gestion/shared';
import { mockFetch, type FetchMock } from '@gestion/shared/testing';
import { renderPage, signedIn } from '../../../testing/render';
import { ANA, LUIS, MARTA, ROLES_PAGE, SARA, adminUser, page, sara } from './delegation-fixtures';
import { UsuariosTab } from './UsuariosTab';

jest.setTimeout(30_000);

/** Holds POST /api/usuarios/bulk until `release()`, so the test sees the request running. */
function holdBulk(fetchMock: FetchMock) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const answer = fetchMock.fn.getMockImplementation() as (...args: unknown[]) => Promise<Response>;
  fetchMock.fn.mockImplementation(async (input: unknown, init?: unknown) => {
    const url = input instanceof Request ? input.url : String(input);
    if (url.includes('/api/usuarios/bulk')) await gate;
    return answer(input, init);
  });
  return () => release();
}

const rowOf = (name: string) => screen.getByText(name).closest('[role="row"]') as HTMLElement;

describe('bulk actions: one request, progress, and the result per user (issue #13)', () => {
  it('deactivates a selection including oneself: the own row is refused, the others done', async () => {
    const result: BulkUsuariosResponse = {
      accion: 'desactivar',
      resultados: [
        { id: 1, estado: 'rechazado', motivo: 'No puede desactivar su propia cuenta', code: 'FORBIDDEN' },
        { id: 2, estado: 'hecho' },
        { id: 3, estado: 'hecho' },
      ],
      resumen: { hechos: 2, rechazados: 1 },
    };
    const fetchMock = mockFetch({
      'GET /api/usuarios': { body: page([ANA, LUIS, MARTA]) },
      'GET /api/roles': { body: ROLES_PAGE },
      'POST /api/usuarios/bulk': { body: result },
    });
    const release = holdBulk(fetchMock);
    const { user } = renderPage(<UsuariosTab />, { auth: signedIn(adminUser) });
    await screen.findByText('Marta Ruiz');
    for (const name of ['Ana Pérez', 'Luis Gómez', 'Marta Ruiz'])
      await user.click(within(rowOf(name)).getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Desactivar seleccionados' }));

    const confirm = screen.getByRole('dialog', { name: '¿Desactivar 3 usuarios?' });
    const foreseen = within(confirm).getByRole('list', { name: '1 usuario no se modificará:' });
    expect(within(foreseen).getByText('Ana Pérez')).toBeInTheDocument();
    expect(within(foreseen).getByText('No puede desactivar su propia cuenta')).toBeInTheDocument();
    const listCalls = fetchMock.callsTo('GET /api/usuarios').length;

    await user.click(within(confirm).getByRole('button', { name: 'Desactivar' }));
    expect(
      await within(confirm).findByRole('progressbar', { name: 'Aplicando la acción a los usuarios seleccionados…' }),
    ).toBeInTheDocument();
    expect(within(confirm).getByRole('button', { name: 'Cancelar' })).toBeDisabled();
    release();

    const done = await screen.findByRole('dialog', { name: 'Resultado: Desactivar' });
    expect(fetchMock.callsTo('POST /api/usuarios/bulk')).toHaveLength(1);
    expect(fetchMock.callsTo('POST /api/usuarios/bulk')[0]!.body).toEqual({ accion: 'desactivar', ids: [1, 2, 3] });
    expect(within(done).getByText('Hechos: 2 · Rechazados: 1')).toBeInTheDocument();
    const table = within(done).getByRole('table', { name: 'Resultado por usuario' });
    const row = (name: string) => within(table).getByText(name).closest('tr') as HTMLElement;
    expect(within(row('Ana Pérez')).getByText('Rechazado')).toBeInTheDocument();
    expect(within(row('Ana Pérez')).getByText('No puede desactivar su propia cuenta')).toBeInTheDocument();
    expect(within(row('Luis Gómez')).getByText('Hecho')).toBeInTheDocument();
    expect(within(row('Marta Ruiz')).getByText('marta@example.com')).toBeInTheDocument();
    expect(within(row('Marta Ruiz')).getByText('Hecho')).toBeInTheDocument();
    // The grid is refetched with the server's truth.
    await waitFor(() => expect(fetchMock.callsTo('GET /api/usuarios').length).toBeGreaterThan(listCalls));

    await user.click(within(done).getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByText('3 usuarios seleccionados')).not.toBeInTheDocument();
    // The toolbar went with the selection: the focus is on the grid, not lost.
    const grid = screen.getByRole('grid', { name: 'Usuarios' });
    await waitFor(() => expect(document.activeElement).not.toBe(document.body));
    expect(document.activeElement).toContainElement(grid);
  });

  it('gives a role only among those the viewer may give, in one request', async () => {
    const fetchMock = mockFetch({
      'GET /api/usuarios': { body: page([LUIS, SARA]) },
      'GET /api/roles': { body: ROLES_PAGE },
      'POST /api/usuarios/bulk': {
        body: { accion: 'asignarRol', resultados: [{ id: 2, estado: 'hecho' }], resumen: { hechos: 1, rechazados: 0 } },
      },
    });
    const { user } = renderPage(<UsuariosTab />, { auth: signedIn(sara) });
    await screen.findByText('Luis Gómez');
    await user.click(within(rowOf('Luis Gómez')).getByRole('checkbox'));
    const toolbar = screen.getByRole('toolbar', { name: 'Acciones sobre los usuarios seleccionados' });
    await user.click(within(toolbar).getByRole('combobox', { name: 'Rol que asignar' }));
    const options = screen.getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['soporte', 'usuario']);
    await user.click(screen.getByRole('option', { name: 'usuario' }));
    await user.click(within(toolbar).getByRole('button', { name: 'Asignar rol' }));
    const confirm = screen.getByRole('dialog', { name: '¿Asignar el rol usuario a 1 usuario?' });
    await user.click(within(confirm).getByRole('button', { name: 'Asignar el rol usuario' }));
    await screen.findByRole('dialog', { name: 'Resultado: Asignar el rol usuario' });
    expect(fetchMock.callsTo('POST /api/usuarios/bulk')[0]!.body).toEqual({
      accion: 'asignarRol',
      ids: [2],
      rol: 'usuario',
    });
  });

  it('cannot be confirmed when the rules refuse every selected user', async () => {
    const fetchMock = mockFetch({
      'GET /api/usuarios': { body: page([ANA, SARA]) },
      'GET /api/roles': { body: ROLES_PAGE },
    });
    const { user } = renderPage(<UsuariosTab />, { auth: signedIn(sara) });
    await screen.findByText('Ana Pérez');
    await user.click(within(rowOf('Ana Pérez')).getByRole('checkbox'));
    await user.click(within(rowOf('Sara Soporte')).getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Cerrar sesiones de los seleccionados' }));
    const confirm = screen.getByRole('dialog', { name: '¿Cerrar las sesiones de 2 usuarios?' });
    expect(within(confirm).getByText('Las acciones masivas no se aplican a su propia cuenta')).toBeInTheDocument();
    expect(
      within(confirm).getByText('No puede actuar sobre «Ana Pérez»: tiene permisos que usted no tiene'),
    ).toBeInTheDocument();
    expect(within(confirm).getByRole('button', { name: 'Cerrar sesiones' })).toBeDisabled();
    expect(fetchMock.callsTo('POST /api/usuarios/bulk')).toHaveLength(0);
  });

  it('shows a refusal of the whole request once and closes the confirmation', async () => {
    mockFetch({
      'GET /api/usuarios': { body: page([LUIS, MARTA]) },
      'GET /api/roles': { body: ROLES_PAGE },
      'POST /api/usuarios/bulk': {
        status: 403,
        body: { statusCode: 403, error: 'Forbidden', code: 'FORBIDDEN', message: 'No tiene permiso' },
      },
    });
    const { user, shell } = renderPage(<UsuariosTab />, { auth: signedIn(adminUser) });
    await screen.findByText('Marta Ruiz');
    await user.click(within(rowOf('Luis Gómez')).getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Activar seleccionados' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Activar' }));
    await waitFor(() => expect(shell.notify).toHaveBeenCalledWith('No tiene permiso', { type: 'error' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(shell.notify).toHaveBeenCalledTimes(1);
  });
});
