import { act, screen, waitFor, within } from '@testing-library/react';
import {
  saveRenameExpectingConflict,
  submitEmptyCreateDialog,
  validationError,
  versionConflict,
  deleteFirstRowAfterConfirmation,
  searchOnServer,
} from '@gestion/ui/testing';
import type { User } from '@gestion/shared';
import { mockFetch } from '@gestion/shared/testing';
import { makeEvento, page } from '../../../testing/fixtures';
import { makeGestor, makeUser, renderPage, signedIn } from '../../../testing/render';
import EventosPage from './EventosPage';

const congreso = makeEvento();
const feria = makeEvento({
  id: 2,
  nombre: 'Feria del libro',
  lugar: 'Madrid',
  estado: 'publicado',
});

/** Renders the list at /eventos signed in as `viewer`, with the page's render helpers. */
function openListAs(viewer: User) {
  return renderPage(<EventosPage />, { url: '/eventos', auth: signedIn(viewer) });
}

const openAsGestor = () => openListAs(makeGestor());

describe('EventosPage', () => {
  it('lists the events the server answers, each linking to its periods', async () => {
    const fetchMock = mockFetch({ 'GET /api/eventos': { body: page([congreso, feria], 2) } });
    openListAs(makeGestor());
    expect(
      await screen.findByRole('link', { name: 'Periodos de Congreso de primavera' }),
    ).toHaveAttribute('href', '/eventos/1/periodos');
    const grid = screen.getByRole('grid', { name: 'Eventos' });
    expect(within(grid).getByText('Feria del libro')).toBeInTheDocument();
    expect(within(grid).getByText('Madrid')).toBeInTheDocument();
    expect(within(grid).getByText('Publicado')).toBeInTheDocument();
    // Shown in the user's locale and zone (the tests run in UTC).
    expect(within(grid).getAllByText('1 mar 2026, 8:00')).toHaveLength(2);
    const query = fetchMock.callsTo('GET /api/eventos')[0]!.query;
    expect(query.get('page')).toBe('1');
    expect(query.get('pageSize')).toBe('10');
    expect(query.get('sort')).toBe('fechaInicio');
    expect(fetchMock.calls[0]!.headers.get('authorization')).toBe('Bearer token');
  });

  it('searches 300 ms after the last keystroke, sending q once', async () => {
    const search = { q: 'feria', matches: page([feria]), all: page([congreso, feria]) };
    const box = 'Buscar por nombre o lugar';
    const { fetchMock } = await searchOnServer('/api/eventos', search, openAsGestor, box);
    // Five keystrokes, one request: no partial word ('f', 'fe', …) reached the server.
    const searches = fetchMock.callsTo('GET /api/eventos').filter((c) => c.query.has('q'));
    expect(searches.map((c) => c.query.get('q'))).toEqual(['feria']);
  });

  it('filters by state with the chips', async () => {
    const fetchMock = mockFetch({ 'GET /api/eventos': { body: page([congreso, feria]) } });
    const { user } = openListAs(makeGestor());
    await screen.findByText('Congreso de primavera');
    const chips = screen.getByRole('group', { name: 'Filtrar por estado' });
    await user.click(within(chips).getByRole('button', { name: 'Publicado' }));
    await waitFor(() =>
      expect(fetchMock.callsTo('GET /api/eventos').at(-1)!.query.get('estado')).toBe('publicado'),
    );
  });

  it('filters by a date range, sending desde from the start of the chosen day', async () => {
    const fetchMock = mockFetch({ 'GET /api/eventos': { body: page([congreso]) } });
    const { user } = openListAs(makeGestor());
    await screen.findByText('Congreso de primavera');
    const [desdeButton] = screen.getAllByRole('button', { name: 'Elige fecha' });
    await user.click(desdeButton!);
    const picker = await screen.findByRole('dialog');
    await user.click(within(picker).getByRole('gridcell', { name: '15' }));
    // The desktop picker closes as soon as a day is chosen.
    await waitFor(() => expect(picker).not.toBeInTheDocument());
    await waitFor(() =>
      expect(fetchMock.callsTo('GET /api/eventos').at(-1)!.query.get('desde')).toMatch(
        /^\d{4}-\d{2}-15T00:00:00\.000Z$/,
      ),
    );
    expect(fetchMock.callsTo('GET /api/eventos').at(-1)!.query.get('page')).toBe('1');
  });

  it('shows a usuario the list read-only: no create, edit or delete', async () => {
    mockFetch({ 'GET /api/eventos': { body: page([congreso]) } });
    openListAs(makeUser());
    await screen.findByText('Congreso de primavera');
    expect(screen.queryByRole('button', { name: 'Nuevo evento' })).not.toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: /Editar/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Editar|Eliminar/ })).not.toBeInTheDocument();
    expect(screen.queryByText('Acciones')).not.toBeInTheDocument();
  });

  it('invites a gestor to create the first event when there are none', async () => {
    mockFetch({ 'GET /api/eventos': { body: page([], 0) } });
    openListAs(makeGestor());
    expect(await screen.findByText('Aún no hay eventos')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Crear el primer evento' })).toBeInTheDocument();
  });

  it('does not invite a usuario to create one', async () => {
    mockFetch({ 'GET /api/eventos': { body: page([], 0) } });
    openListAs(makeUser());
    expect(await screen.findByText('Aún no hay eventos')).toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Crear el primer evento' }),
    ).not.toBeInTheDocument();
  });

  it('asks for confirmation before deleting, and deletes only when confirmed', async () => {
    await deleteFirstRowAfterConfirmation('/api/eventos', page([congreso]), openAsGestor, {
      dialog: '¿Eliminar el evento?',
      message: 'Se eliminará «Congreso de primavera» junto con todos sus periodos',
      notice: 'Evento «Congreso de primavera» eliminado',
    });
  });

  it('goes back a page when deleting leaves the last page empty', async () => {
    let remaining = 11;
    const fetchMock = mockFetch({
      'GET /api/eventos': (call) => {
        const pageNumber = Number(call.query.get('page'));
        const items =
          pageNumber === 1
            ? Array.from({ length: 10 }, (_, i) =>
                makeEvento({ id: i + 2, nombre: `Evento ${i + 2}` }),
              )
            : remaining > 10
              ? [congreso]
              : [];
        return { body: page(items, remaining, pageNumber, 10) };
      },
      'DELETE /api/eventos/1': () => {
        remaining = 10;
        return { status: 204 };
      },
    });
    const { user } = openListAs(makeGestor());
    await screen.findByText('Evento 2');
    await user.click(screen.getByRole('button', { name: 'Ir a la página siguiente' }));
    await user.click(await screen.findByRole('button', { name: 'Eliminar Congreso de primavera' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Eliminar' }),
    );
    expect(await screen.findByText('Evento 2')).toBeInTheDocument();
    expect(fetchMock.callsTo('GET /api/eventos').at(-1)!.query.get('page')).toBe('1');
  });

  it('validates the create dialog and shows the server field error on its field', async () => {
    const fetchMock = mockFetch({
      'GET /api/eventos': { body: page([congreso]) },
      'POST /api/eventos': validationError('Datos no válidos', [
        { field: 'lugar', message: 'El lugar ya está reservado' },
      ]),
    });
    const { user } = openListAs(makeGestor());
    await screen.findByText('Congreso de primavera');
    const dialog = await submitEmptyCreateDialog(user, {
      open: 'Nuevo evento',
      required: ['El nombre es obligatorio', 'El lugar es obligatorio'],
      sent: () => fetchMock.callsTo('POST /api/eventos'),
    });

    await user.type(within(dialog).getByRole('textbox', { name: 'Nombre' }), 'Jornadas');
    await user.type(within(dialog).getByRole('textbox', { name: 'Lugar' }), 'Sevilla');
    await user.click(within(dialog).getByRole('button', { name: 'Crear' }));
    const lugar = within(dialog).getByRole('textbox', { name: 'Lugar' });
    await waitFor(() => expect(lugar).toHaveAccessibleDescription('El lugar ya está reservado'));
    expect(lugar).toHaveAttribute('aria-invalid', 'true');
    const sent = fetchMock.callsTo('POST /api/eventos')[0]!.body as Record<string, string>;
    expect(sent).toMatchObject({ nombre: 'Jornadas', lugar: 'Sevilla' });
    expect(sent.fechaInicio).toMatch(/Z$/);
  });

  it('explains a 409 version conflict and keeps what the user typed', async () => {
    mockFetch({
      'GET /api/eventos': { body: page([congreso]) },
      'PATCH /api/eventos/1': versionConflict('El evento ha cambiado'),
    });
    const { user } = openListAs(makeGestor());
    await screen.findByText('Congreso de primavera');
    await user.click(screen.getByRole('button', { name: 'Editar Congreso de primavera' }));
    await saveRenameExpectingConflict(user, {
      dialog: 'Editar evento',
      value: 'Congreso renovado',
      conflict: /Otra persona ha modificado este evento/,
    });
  });

  it('lists the periods a date change would leave out, on the date that excludes them', async () => {
    const fetchMock = mockFetch({
      'GET /api/eventos': { body: page([congreso]) },
      'PATCH /api/eventos/1': {
        status: 409,
        body: {
          statusCode: 409,
          error: 'Conflict',
          code: 'EVENT_DATES_EXCLUDE_PERIODS',
          message:
            'Las nuevas fechas dejarían fuera periodos del evento; ajuste o elimine esos periodos primero',
          details: [
            {
              field: 'fechaFin',
              message: 'El periodo «Clausura» quedaría fuera de las fechas del evento',
              periodoId: 3,
            },
            {
              field: 'fechaFin',
              message: 'El periodo «Cena» quedaría fuera de las fechas del evento',
              periodoId: 4,
            },
          ],
        },
      },
    });
    const { user } = openListAs(makeGestor());
    await screen.findByText('Congreso de primavera');
    await user.click(screen.getByRole('button', { name: 'Editar Congreso de primavera' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar evento' });
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Las nuevas fechas dejarían fuera periodos del evento',
    );
    const helper = within(dialog).getByText(/El periodo «Clausura» quedaría fuera/);
    expect(helper).toHaveTextContent('«Cena»');
    expect(helper.closest('.MuiFormControl-root')).toHaveTextContent(/^Fin/);
    expect(fetchMock.callsTo('PATCH /api/eventos/1')[0]!.body).toMatchObject({ version: 1 });
  });

  it('offers only the allowed state changes when editing', async () => {
    mockFetch({ 'GET /api/eventos': { body: page([feria]) } });
    const { user } = openListAs(makeGestor());
    await screen.findByText('Feria del libro');
    await user.click(screen.getByRole('button', { name: 'Editar Feria del libro' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar evento' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Estado' }));
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toEqual(['Publicado', 'Cancelado', 'Finalizado']);
    await act(async () => {
      await user.keyboard('{Escape}');
    });
  });
});
