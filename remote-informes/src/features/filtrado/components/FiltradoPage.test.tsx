import { screen, waitFor, within } from '@testing-library/react';
import { mockFetch } from '@gestion/shared/testing';
import { makeEvento, page, validationError } from '../../../testing/fixtures';
import { makeFiltrador, makeGestor, makeUser, renderPage, signedIn } from '../../../testing/render';
import FiltradoPage from './FiltradoPage';

const congreso = makeEvento();
const feria = makeEvento({ id: 2, nombre: 'Feria del libro', lugar: 'Madrid' });

type UserSession = ReturnType<typeof renderPage>['user'];

/** Picks `option` in the select labelled `label` inside `scope`. */
async function choose(user: UserSession, scope: HTMLElement, label: string, option: string) {
  await user.click(within(scope).getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
  await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
}

/** The option texts of the select labelled `label` inside `scope` (its menu closed again). */
async function optionsOf(user: UserSession, scope: HTMLElement, label: string) {
  await user.click(within(scope).getByRole('combobox', { name: label }));
  const texts = (await screen.findAllByRole('option')).map((o) => o.textContent);
  await user.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
  return texts;
}

async function addCondition(user: UserSession, n: number) {
  await user.click(screen.getByRole('button', { name: 'Añadir condición' }));
  return screen.findByRole('group', { name: `Condición ${n}` });
}

describe('FiltradoPage', () => {
  it("offers only the chosen entity's fields and each field's operators", async () => {
    mockFetch({});
    const { user } = renderPage(<FiltradoPage />, {
      url: '/filtrado',
      auth: signedIn(makeGestor()),
    });
    const first = await addCondition(user, 1);
    expect(await optionsOf(user, first, 'Campo')).toEqual([
      'Id',
      'Nombre',
      'Descripción',
      'Lugar',
      'Estado',
      'Fecha de inicio',
      'Fecha de fin',
      'Responsable (id)',
      'Creado',
      'Actualizado',
    ]);
    expect(await optionsOf(user, first, 'Operador')).toEqual([
      'es igual a',
      'no es igual a',
      'contiene',
      'empieza por',
      'es uno de',
    ]);
    await choose(user, first, 'Campo', 'Estado');
    expect(await optionsOf(user, first, 'Operador')).toEqual([
      'es igual a',
      'no es igual a',
      'es uno de',
    ]);
    await choose(user, first, 'Campo', 'Fecha de inicio');
    expect(await optionsOf(user, first, 'Operador')).toEqual([
      'es igual a',
      'no es igual a',
      'menor que',
      'menor o igual que',
      'mayor que',
      'mayor o igual que',
      'entre',
    ]);

    // Another entity starts afresh with its own fields; a gestor is not offered usuarios.
    expect(await optionsOf(user, document.body, 'Consultar')).toEqual(['Eventos', 'Periodos']);
    await choose(user, document.body, 'Consultar', 'Periodos');
    expect(screen.queryByRole('group', { name: 'Condición 1' })).not.toBeInTheDocument();
    const periodo = await addCondition(user, 1);
    expect(await optionsOf(user, periodo, 'Campo')).toEqual([
      'Id',
      'Evento (id)',
      'Nombre',
      'Descripción',
      'Fecha de inicio',
      'Fecha de fin',
    ]);
  });

  it('types each value: a select of states, a multi-select for «es uno de», two date-time pickers for «entre»', async () => {
    mockFetch({});
    const { user } = renderPage(<FiltradoPage />, {
      url: '/filtrado',
      auth: signedIn(makeGestor()),
    });
    const cond = await addCondition(user, 1);
    await choose(user, cond, 'Campo', 'Estado');
    expect(await optionsOf(user, cond, 'Valor')).toEqual([
      'Borrador',
      'Publicado',
      'Cancelado',
      'Finalizado',
    ]);
    await choose(user, cond, 'Operador', 'es uno de');
    await user.click(within(cond).getByRole('combobox', { name: 'Valores' }));
    const listbox = await screen.findByRole('listbox');
    expect(listbox).toHaveAttribute('aria-multiselectable', 'true');
    await user.keyboard('{Escape}');

    await choose(user, cond, 'Campo', 'Fecha de inicio');
    await choose(user, cond, 'Operador', 'entre');
    expect(within(cond).getByRole('group', { name: 'Desde' })).toBeInTheDocument();
    expect(within(cond).getByRole('group', { name: 'Hasta' })).toBeInTheDocument();
    expect(within(cond).getAllByRole('spinbutton', { name: 'Dia' })).toHaveLength(2);
  });

  it('sends the conditions as the api filters and shows one page of results in the grid', async () => {
    const fetchMock = mockFetch({
      'POST /api/filtrado': { body: page([congreso, feria], 42) },
    });
    const { user } = renderPage(<FiltradoPage />, {
      url: '/filtrado',
      auth: signedIn(makeGestor()),
    });
    const estado = await addCondition(user, 1);
    await choose(user, estado, 'Campo', 'Estado');
    await choose(user, estado, 'Valor', 'Publicado');
    const fecha = await addCondition(user, 2);
    await choose(user, fecha, 'Campo', 'Fecha de inicio');
    await choose(user, fecha, 'Operador', 'mayor o igual que');
    // Typed section by section, as a keyboard user does: 1 March 2026 at 08:30, local time (UTC here).
    await user.click(within(fecha).getByRole('spinbutton', { name: 'Dia' }));
    await user.keyboard('01032026');
    await user.keyboard('0830');
    const lugar = await addCondition(user, 3);
    await choose(user, lugar, 'Campo', 'Lugar');
    await choose(user, lugar, 'Operador', 'es uno de');
    await user.type(within(lugar).getByRole('textbox', { name: 'Valores' }), 'Valencia, Madrid');
    await user.click(screen.getByRole('button', { name: 'Aplicar' }));

    const grid = await screen.findByRole('grid', { name: 'Resultados' });
    expect(await within(grid).findByText('Feria del libro')).toBeInTheDocument();
    expect(within(grid).getAllByText('Publicado')).toHaveLength(2);
    expect(within(grid).getAllByText('1 mar 2026, 8:00')).toHaveLength(2);
    expect(screen.getByText('(42 resultados)')).toBeInTheDocument();
    expect(fetchMock.callsTo('POST /api/filtrado')[0]!.body).toEqual({
      entidad: 'eventos',
      filtros: [
        { campo: 'estado', operador: 'eq', valor: 'publicado' },
        { campo: 'fechaInicio', operador: 'gte', valor: '2026-03-01T08:30:00.000Z' },
        { campo: 'lugar', operador: 'en', valor: ['Valencia', 'Madrid'] },
      ],
      page: 1,
      pageSize: 20,
    });
  });

  it('sorts and pages on the server', async () => {
    const fetchMock = mockFetch({
      'POST /api/filtrado': (call) => {
        const { page: p } = call.body as { page: number };
        return { body: page(p === 1 ? [congreso] : [feria], 21, p, 20) };
      },
    });
    const { user } = renderPage(<FiltradoPage />, {
      url: '/filtrado?entidad=eventos',
      auth: signedIn(makeGestor()),
    });
    const grid = await screen.findByRole('grid', { name: 'Resultados' });
    await within(grid).findByText('Congreso de primavera');
    await user.click(within(grid).getByRole('columnheader', { name: 'Lugar' }));
    await waitFor(() =>
      expect(fetchMock.callsTo('POST /api/filtrado').at(-1)!.body).toMatchObject({ sort: 'lugar' }),
    );
    await user.click(screen.getByRole('button', { name: 'Ir a la página siguiente' }));
    expect(await within(grid).findByText('Feria del libro')).toBeInTheDocument();
    expect(fetchMock.callsTo('POST /api/filtrado').at(-1)!.body).toMatchObject({
      sort: 'lugar',
      page: 2,
    });
  });

  it('checks the values before sending: an empty value is marked on its condition', async () => {
    const fetchMock = mockFetch({});
    const { user } = renderPage(<FiltradoPage />, {
      url: '/filtrado',
      auth: signedIn(makeGestor()),
    });
    const cond = await addCondition(user, 1);
    await user.click(screen.getByRole('button', { name: 'Aplicar' }));
    expect(within(cond).getByRole('textbox', { name: 'Valor' })).toHaveAccessibleDescription(
      'Indica un valor',
    );
    expect(screen.getByText('Revisa las condiciones marcadas')).toBeInTheDocument();
    expect(fetchMock.calls).toHaveLength(0);
  });

  it('shows the server 400 on the condition it names, and a general one above the grid', async () => {
    mockFetch({
      'POST /api/filtrado': (call) => {
        const { filtros } = call.body as { filtros: unknown[] };
        return filtros.length === 2
          ? validationError('Valor no válido para «nombre»', [
              { field: 'filtros[1].valor', message: 'Valor no válido para «nombre»' },
            ])
          : validationError('No se puede ordenar por «descripcion»', [
              { field: 'sort', message: 'No se puede ordenar por «descripcion»' },
            ]);
      },
    });
    const { user } = renderPage(<FiltradoPage />, {
      url: '/filtrado',
      auth: signedIn(makeGestor()),
    });
    const first = await addCondition(user, 1);
    await user.type(within(first).getByRole('textbox', { name: 'Valor' }), 'Congreso');
    const second = await addCondition(user, 2);
    await user.type(within(second).getByRole('textbox', { name: 'Valor' }), 'x');
    await user.click(screen.getByRole('button', { name: 'Aplicar' }));
    await waitFor(() =>
      expect(within(second).getByRole('textbox', { name: 'Valor' })).toHaveAccessibleDescription(
        'Valor no válido para «nombre»',
      ),
    );
    expect(within(first).getByRole('textbox', { name: 'Valor' })).not.toHaveAccessibleDescription();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    // An error naming no condition goes above the grid.
    await user.click(screen.getByRole('button', { name: 'Quitar la condición 2' }));
    await user.click(screen.getByRole('button', { name: 'Aplicar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No se puede ordenar por «descripcion»',
    );
  });

  it('restores the applied filter from the URL and runs it', async () => {
    const filtros = [
      { campo: 'estado', operador: 'en', valor: ['publicado', 'finalizado'] },
      {
        campo: 'fechaInicio',
        operador: 'entre',
        valor: ['2026-01-01T00:00:00.000Z', '2026-06-30T23:59:00.000Z'],
      },
      // Not in the whitelist: dropped, never sent.
      { campo: 'contrasena', operador: 'eq', valor: 'x' },
    ];
    const fetchMock = mockFetch({ 'POST /api/filtrado': { body: page([congreso]) } });
    renderPage(<FiltradoPage />, {
      url: `/filtrado?entidad=eventos&sort=-fechaInicio&filtros=${encodeURIComponent(JSON.stringify(filtros))}`,
      auth: signedIn(makeGestor()),
    });
    expect(await screen.findByText('Congreso de primavera')).toBeInTheDocument();
    expect(fetchMock.callsTo('POST /api/filtrado')[0]!.body).toEqual({
      entidad: 'eventos',
      filtros: filtros.slice(0, 2),
      sort: '-fechaInicio',
      page: 1,
      pageSize: 20,
    });
    const first = screen.getByRole('group', { name: 'Condición 1' });
    expect(within(first).getByRole('combobox', { name: 'Valores' })).toHaveTextContent(
      'Publicado, Finalizado',
    );
    expect(screen.queryByRole('group', { name: 'Condición 3' })).not.toBeInTheDocument();
  });

  it('saves the applied filter as a listado report and opens it', async () => {
    const fetchMock = mockFetch({
      'POST /api/filtrado': { body: page([congreso]) },
      'POST /api/informes': (call) => ({
        status: 201,
        body: { id: 9, ...(call.body as object), creadoPor: null, version: 1 },
      }),
    });
    const { user, shell } = renderPage(<FiltradoPage />, {
      url: '/filtrado',
      auth: signedIn(makeGestor()),
    });
    const cond = await addCondition(user, 1);
    await choose(user, cond, 'Campo', 'Estado');
    await choose(user, cond, 'Valor', 'Publicado');
    await user.click(screen.getByRole('button', { name: 'Aplicar' }));
    await screen.findByText('Congreso de primavera');
    await user.click(screen.getByRole('button', { name: 'Guardar como informe' }));
    const dialog = await screen.findByRole('dialog', { name: 'Guardar como informe' });
    expect(dialog).toHaveTextContent('Eventos con 1 condición');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText('El nombre es obligatorio')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Nombre' }), 'Publicados');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(shell.navigateTo).toHaveBeenCalledWith('/informes/9'));
    expect(shell.notify).toHaveBeenCalledWith('Informe «Publicados» guardado', { type: 'success' });
    expect(fetchMock.callsTo('POST /api/informes')[0]!.body).toEqual({
      nombre: 'Publicados',
      descripcion: '',
      tipo: 'listado',
      filtros: {
        entidad: 'eventos',
        filtros: [{ campo: 'estado', operador: 'eq', valor: 'publicado' }],
      },
    });
  });

  it('does not offer saving without informes:crear', async () => {
    mockFetch({ 'POST /api/filtrado': { body: page([congreso]) } });
    renderPage(<FiltradoPage />, {
      url: '/filtrado?entidad=eventos',
      auth: signedIn(makeFiltrador()),
    });
    await screen.findByText('Congreso de primavera');
    expect(screen.queryByRole('button', { name: 'Guardar como informe' })).not.toBeInTheDocument();
  });

  it('offers usuarios to whoever may see users, with their fields', async () => {
    mockFetch({});
    const admin = makeUser({ roles: [{ nombre: 'admin', permisos: [] }] });
    const { user } = renderPage(<FiltradoPage />, { url: '/filtrado', auth: signedIn(admin) });
    await choose(user, document.body, 'Consultar', 'Usuarios');
    const cond = await addCondition(user, 1);
    await choose(user, cond, 'Campo', 'Activo');
    expect(await optionsOf(user, cond, 'Valor')).toEqual(['Sí', 'No']);
  });
});
