import { screen, waitFor, within } from '@testing-library/react';
import type { User } from '@gestion/shared';
import { mockFetch } from '@gestion/shared/testing';
import { deleteFirstRowAfterConfirmation, searchOnServer } from '@gestion/ui/testing';
import { makeInforme, page } from '../../../testing/fixtures';
import { makeGestor, makeUser, renderPage, signedIn } from '../../../testing/render';
import InformesPage from './InformesPage';

const publicados = makeInforme();
const porMes = makeInforme({
  id: 8,
  nombre: 'Eventos por mes',
  tipo: 'eventos-por-mes',
  filtros: null,
  creadoPor: null,
  creadoEn: '2026-05-10T16:00:00.000Z',
});

/** Renders the list at /informes signed in as `viewer`, with the page's render helpers. */
function openListAs(viewer: User) {
  return renderPage(<InformesPage />, { url: '/informes', auth: signedIn(viewer) });
}

const openAsGestor = () => openListAs(makeGestor());
const openAsUsuario = () => openListAs(makeUser());

describe('InformesPage', () => {
  it('lists the saved reports with type, author and date, each opening its page', async () => {
    const fetchMock = mockFetch({ 'GET /api/informes': { body: page([publicados, porMes]) } });
    openListAs(makeUser());
    const grid = await screen.findByRole('grid', { name: 'Informes' });
    expect(
      await within(grid).findByRole('link', { name: 'Eventos publicados de marzo' }),
    ).toHaveAttribute('href', '/informes/7');
    const [, first, second] = within(grid).getAllByRole('row');
    expect(first).toHaveTextContent('Listado filtrado');
    expect(first).toHaveTextContent('Gema Gestora');
    expect(first).toHaveTextContent('2 abr 2026, 9:30');
    // An author who has been deleted shows as a dash.
    expect(second).toHaveTextContent('Eventos por mes');
    expect(within(second!).getByText('—')).toBeInTheDocument();
    const query = fetchMock.callsTo('GET /api/informes')[0]!.query;
    expect(query.get('sort')).toBe('-creadoEn');
    expect(query.get('page')).toBe('1');
    expect(query.get('pageSize')).toBe('25');
  });

  it('searches by name and filters by type on the server', async () => {
    const search = { q: 'mes', matches: page([porMes]), all: page([publicados, porMes]) };
    const box = 'Buscar por nombre';
    const { fetchMock, user } = await searchOnServer('/api/informes', search, openAsUsuario, box);
    await user.click(screen.getByRole('combobox', { name: 'Tipo' }));
    await user.click(await screen.findByRole('option', { name: 'Eventos por mes' }));
    await waitFor(() =>
      expect(fetchMock.callsTo('GET /api/informes').at(-1)!.query.get('tipo')).toBe(
        'eventos-por-mes',
      ),
    );
    expect(fetchMock.callsTo('GET /api/informes').at(-1)!.query.get('q')).toBe('mes');
  });

  it('asks for confirmation naming the report before deleting it', async () => {
    const fetchMock = await deleteFirstRowAfterConfirmation(
      '/api/informes',
      page([publicados]),
      openAsGestor,
      {
        dialog: '¿Eliminar el informe?',
        message: 'Se eliminará el informe «Eventos publicados de marzo»',
        notice: 'Informe «Eventos publicados de marzo» eliminado',
      },
    );
    // The list is asked again.
    await waitFor(() => expect(fetchMock.callsTo('GET /api/informes')).toHaveLength(2));
  });

  it('offers a gestor delete on their own reports only, and an admin on every one', async () => {
    const ajeno = makeInforme({
      id: 9,
      nombre: 'De otra gestora',
      creadoPor: { id: 5, nombre: 'Otra' },
    });
    mockFetch({ 'GET /api/informes': { body: page([publicados, ajeno, porMes]) } });
    const gestora = openListAs(makeGestor());
    await screen.findByText('De otra gestora');
    // The api refuses the others: 403 "Solo el autor del informe o un administrador puede eliminarlo".
    expect(
      screen.getByRole('button', { name: 'Eliminar Eventos publicados de marzo' }),
    ).toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Eliminar De otra gestora' }),
    ).not.toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Eliminar Eventos por mes' }),
    ).not.toBeInTheDocument();
    gestora.unmount();

    const admin = makeUser({ roles: [{ nombre: 'admin', permisos: [] }] });
    openListAs(admin);
    await screen.findByText('De otra gestora');
    expect(screen.getAllByRole('button', { name: /^Eliminar / })).toHaveLength(3);
  });

  it('creates a report from a type and opens it', async () => {
    const fetchMock = mockFetch({
      'GET /api/informes': { body: page([publicados]) },
      'POST /api/informes': (call) => ({
        status: 201,
        body: { ...porMes, id: 12, ...(call.body as object) },
      }),
    });
    const { user, shell } = openListAs(makeGestor());
    await screen.findByText('Eventos publicados de marzo');
    await user.click(screen.getByRole('button', { name: 'Nuevo informe' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo informe' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Tipo de informe' }));
    // Only the types whose data a gestor may read (not users, not the audit).
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      'Listado filtrado',
      'Eventos por estado',
      'Eventos por mes',
      'Periodos por evento',
    ]);
    await user.click(screen.getByRole('option', { name: 'Listado filtrado' }));
    // A listado made here lists a whole entity; Filtrado builds one with conditions.
    expect(
      within(dialog).getByRole('link', { name: 'Construir el filtro en Filtrado' }),
    ).toHaveAttribute('href', '/filtrado');
    await user.click(within(dialog).getByRole('combobox', { name: 'Listado de' }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      'Eventos',
      'Periodos',
    ]);
    await user.click(screen.getByRole('option', { name: 'Periodos' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Nombre' }), 'Todos los periodos');
    await user.click(within(dialog).getByRole('button', { name: 'Crear' }));
    await waitFor(() => expect(shell.navigateTo).toHaveBeenCalledWith('/informes/12'));
    expect(fetchMock.callsTo('POST /api/informes')[0]!.body).toEqual({
      nombre: 'Todos los periodos',
      descripcion: '',
      tipo: 'listado',
      filtros: { entidad: 'periodos', filtros: [] },
    });
  });

  it('offers an admin every type', async () => {
    mockFetch({ 'GET /api/informes': { body: page([publicados]) } });
    const admin = makeUser({ roles: [{ nombre: 'admin', permisos: [] }] });
    const { user } = openListAs(admin);
    await screen.findByText('Eventos publicados de marzo');
    await user.click(screen.getByRole('button', { name: 'Nuevo informe' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo informe' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Tipo de informe' }));
    expect(await screen.findAllByRole('option')).toHaveLength(6);
    expect(
      screen.getByRole('option', { name: 'Actividad (auditoría por día)' }),
    ).toBeInTheDocument();
  });

  it('shows a usuario the list without create or delete', async () => {
    mockFetch({ 'GET /api/informes': { body: page([publicados]) } });
    openListAs(makeUser());
    await screen.findByText('Eventos publicados de marzo');
    expect(screen.queryByRole('button', { name: 'Nuevo informe' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Eliminar/ })).not.toBeInTheDocument();
  });

  it('invites a gestor to create the first report when there are none', async () => {
    mockFetch({ 'GET /api/informes': { body: page([], 0) } });
    openListAs(makeGestor());
    expect(await screen.findByText('Aún no hay informes')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Crear el primer informe' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ir a Filtrado' })).toHaveAttribute(
      'href',
      '/filtrado',
    );
  });

  it('tells a usuario that reports will appear there', async () => {
    mockFetch({ 'GET /api/informes': { body: page([], 0) } });
    openListAs(makeUser());
    expect(
      await screen.findByText('Cuando alguien guarde informes aparecerán aquí.'),
    ).toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Crear el primer informe' }),
    ).not.toBeInTheDocument();
  });
});
