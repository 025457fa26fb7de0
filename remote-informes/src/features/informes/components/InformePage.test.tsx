import { act, screen, waitFor, within } from '@testing-library/react';
import {
  expectNotFoundPage,
  notFound,
  saveRenameThroughConflict,
  versionConflict,
} from '@gestion/ui/testing';
import i18next from 'i18next';
import { mockFetch } from '@gestion/shared/testing';
import { giveChartsASize } from '../../../testing/chart-size';
import { makeInforme, makeResultado } from '../../../testing/fixtures';
import { makeGestor, makeUser, renderPage, signedIn } from '../../../testing/render';
import InformePage from './InformePage';

giveChartsASize();

const porEstado = makeInforme({
  id: 7,
  nombre: 'Estado de los eventos',
  descripcion: 'Para la junta',
  tipo: 'eventos-por-estado',
  filtros: null,
});

function renderInforme(user = makeGestor()) {
  return renderPage(<InformePage />, {
    url: '/informes/7',
    path: '/informes/:id',
    auth: signedIn(user),
  });
}

describe('InformePage', () => {
  it('shows progress while the report runs, then its header, a bar chart and the table', async () => {
    const fetchMock = mockFetch({
      'GET /api/informes/7': { body: porEstado },
      'GET /api/informes/7/resultado': { body: makeResultado() },
    });
    renderInforme();
    expect(screen.getByRole('progressbar', { name: 'Ejecutando el informe' })).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Estado de los eventos' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Eventos por estado')).toBeInTheDocument();
    expect(screen.getByText('Creado por Gema Gestora el 2 abr 2026, 9:30')).toBeInTheDocument();
    expect(screen.getByText('Para la junta')).toBeInTheDocument();

    const chart = await screen.findByRole('figure', {
      name: 'Gráfico de barras de «Estado de los eventos»',
    });
    expect(chart.querySelector('svg')).not.toBeNull();
    // One bar per state, labelled in Spanish on the axis.
    await waitFor(() => expect(chart.querySelectorAll('.MuiBarChart-element')).toHaveLength(4));
    expect(within(chart).getByText('Publicado')).toBeInTheDocument();

    const grid = screen.getByRole('grid', { name: 'Resultado' });
    const rows = within(grid).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      'Borrador2',
      'Publicado5',
      'Cancelado0',
      'Finalizado1',
    ]);
    expect(screen.getByText('(4 filas)')).toBeInTheDocument();
    expect(
      screen.queryByRole('progressbar', { name: 'Ejecutando el informe' }),
    ).not.toBeInTheDocument();
    const query = fetchMock.callsTo('GET /api/informes/7/resultado')[0]!.query;
    expect(query.get('page')).toBe('1');
    expect(query.get('pageSize')).toBe('50');
  });

  it('draws a series over time as lines', async () => {
    mockFetch({
      'GET /api/informes/7': {
        body: { ...porEstado, nombre: 'Eventos por mes', tipo: 'eventos-por-mes' },
      },
      'GET /api/informes/7/resultado': {
        body: makeResultado({
          columnas: [
            { campo: 'mes', titulo: 'Mes', tipo: 'texto' },
            { campo: 'total', titulo: 'Total', tipo: 'numero' },
          ],
          filas: [
            { mes: '2026-01', total: 3 },
            { mes: '2026-02', total: 1 },
            { mes: '2026-03', total: 4 },
          ],
          serie: [
            { etiqueta: '2026-01', valor: 3 },
            { etiqueta: '2026-02', valor: 1 },
            { etiqueta: '2026-03', valor: 4 },
          ],
          grafico: 'lineas',
          total: 3,
        }),
      },
    });
    renderInforme();
    const chart = await screen.findByRole('figure', {
      name: 'Gráfico de líneas de «Eventos por mes»',
    });
    await waitFor(() => expect(chart.querySelectorAll('.MuiLineChart-line')).toHaveLength(1));
    expect(chart.querySelectorAll('.MuiBarChart-element')).toHaveLength(0);
    // Months in the reader's locale (issue #14): `2026-02` is "feb 2026" in Spanish.
    expect(within(chart).getByText('feb 2026')).toBeInTheDocument();
  });

  it('exports the whole result as CSV with the chosen separator, sending the token', async () => {
    const fetchMock = mockFetch({
      'GET /api/informes/7': { body: porEstado },
      'GET /api/informes/7/resultado': { body: makeResultado() },
      'GET /api/informes/7/resultado.csv': { body: 'estado;total' },
    });
    const createObjectURL = jest.fn(() => 'blob:informe');
    const revokeObjectURL = jest.fn();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    try {
      const { user } = renderInforme();
      await screen.findByRole('grid', { name: 'Resultado' });
      await user.click(screen.getByRole('button', { name: 'Exportar CSV' }));
      await user.click(
        await screen.findByRole('menuitem', { name: 'CSV separado por punto y coma (;)' }),
      );
      await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
      const [call] = fetchMock.callsTo('GET /api/informes/7/resultado.csv');
      expect(call!.query.get('separador')).toBe(';');
      expect(call!.headers.get('authorization')).toBe('Bearer token');
      const link = click.mock.instances[0] as unknown as HTMLAnchorElement;
      expect(link.download).toBe('estado-de-los-eventos.csv');
      expect(link.href).toBe('blob:informe');
    } finally {
      click.mockRestore();
    }
  });

  it('says why an export failed', async () => {
    mockFetch({
      'GET /api/informes/7': { body: porEstado },
      'GET /api/informes/7/resultado': { body: makeResultado() },
      'GET /api/informes/7/resultado.csv': {
        status: 403,
        body: { statusCode: 403, error: 'Forbidden', message: 'No tienes permiso' },
      },
    });
    const { user, shell } = renderInforme();
    await screen.findByRole('grid', { name: 'Resultado' });
    await user.click(screen.getByRole('button', { name: 'Exportar CSV' }));
    await user.click(await screen.findByRole('menuitem', { name: 'CSV separado por comas (,)' }));
    await waitFor(() =>
      expect(shell.notify).toHaveBeenCalledWith('No tienes permiso', { type: 'error' }),
    );
  });

  it('prints the page', async () => {
    mockFetch({
      'GET /api/informes/7': { body: porEstado },
      'GET /api/informes/7/resultado': { body: makeResultado() },
    });
    const print = jest.spyOn(window, 'print').mockImplementation(() => {});
    try {
      const { user } = renderInforme();
      await screen.findByRole('grid', { name: 'Resultado' });
      await user.click(screen.getByRole('button', { name: 'Imprimir' }));
      expect(print).toHaveBeenCalledTimes(1);
    } finally {
      print.mockRestore();
    }
  });

  it('does not offer the export to a usuario', async () => {
    mockFetch({
      'GET /api/informes/7': { body: porEstado },
      'GET /api/informes/7/resultado': { body: makeResultado() },
    });
    renderInforme(makeUser());
    await screen.findByRole('grid', { name: 'Resultado' });
    expect(screen.queryByRole('button', { name: 'Exportar CSV' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Imprimir' })).toBeInTheDocument();
  });

  it('shows why a run failed and runs it again on retry', async () => {
    let fail = true;
    mockFetch({
      'GET /api/informes/7': { body: porEstado },
      'GET /api/informes/7/resultado': () =>
        fail
          ? {
              status: 403,
              body: { statusCode: 403, error: 'Forbidden', message: 'Necesitas eventos:ver' },
            }
          : { body: makeResultado() },
    });
    const { user } = renderInforme();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Necesitas eventos:ver');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('grid', { name: 'Resultado' })).toBeInTheDocument();
  });

  it('renames a report with the version it was based on, and explains a conflict', async () => {
    let version = 1;
    const fetchMock = mockFetch({
      'GET /api/informes/7': () => ({ body: { ...porEstado, version } }),
      'GET /api/informes/7/resultado': { body: makeResultado() },
      'PATCH /api/informes/7': (call) => {
        const sent = call.body as { version: number; nombre: string };
        if (sent.version !== version) {
          return versionConflict('El informe ha cambiado');
        }
        version += 1;
        return { body: { ...porEstado, ...sent, version } };
      },
    });
    const { user, shell } = renderInforme();
    await screen.findByRole('heading', { level: 1, name: 'Estado de los eventos' });
    // Someone else saves it meanwhile.
    version = 2;
    await user.click(screen.getByRole('button', { name: 'Editar' }));
    // Saving again, once the page has the current version, applies the change over it.
    await saveRenameThroughConflict(user, {
      dialog: 'Editar informe',
      value: 'Estados para la junta',
      conflict: /Otra persona ha modificado este informe/,
      refetches: () => fetchMock.callsTo('GET /api/informes/7'),
    });
    await waitFor(() =>
      expect(shell.notify).toHaveBeenCalledWith('Informe actualizado', { type: 'success' }),
    );
    expect(fetchMock.callsTo('PATCH /api/informes/7').map((c) => c.body)).toEqual([
      { nombre: 'Estados para la junta', descripcion: 'Para la junta', version: 1 },
      { nombre: 'Estados para la junta', descripcion: 'Para la junta', version: 2 },
    ]);
  });

  it('does not offer editing to a usuario', async () => {
    mockFetch({
      'GET /api/informes/7': { body: porEstado },
      'GET /api/informes/7/resultado': { body: makeResultado() },
    });
    renderInforme(makeUser());
    await screen.findByRole('heading', { level: 1, name: 'Estado de los eventos' });
    expect(screen.queryByRole('button', { name: 'Editar' })).not.toBeInTheDocument();
  });

  it("does not offer editing a colleague's report, only one's own or, to an admin, any", async () => {
    mockFetch({
      'GET /api/informes/7': {
        body: { ...porEstado, creadoPor: { id: 9, nombre: 'Otra Gestora' } },
      },
      'GET /api/informes/7/resultado': { body: makeResultado() },
    });
    const first = renderInforme();
    await screen.findByRole('heading', { level: 1, name: 'Estado de los eventos' });
    // The api answers 403 "Solo el autor del informe o un administrador puede editarlo".
    expect(screen.queryByRole('button', { name: 'Editar' })).not.toBeInTheDocument();
    first.unmount();

    renderInforme(makeUser({ roles: [{ nombre: 'admin', permisos: [] }] }));
    await screen.findByRole('heading', { level: 1, name: 'Estado de los eventos' });
    expect(screen.getByRole('button', { name: 'Editar' })).toBeInTheDocument();
  });

  it('does not offer editing a report whose filter the api withheld', async () => {
    mockFetch({
      'GET /api/informes/7': {
        body: makeInforme({ tipo: 'listado', filtros: null, filtrosOcultos: true }),
      },
      'GET /api/informes/7/resultado': { body: makeResultado() },
    });
    renderInforme();
    await screen.findByRole('heading', { level: 1, name: 'Eventos publicados de marzo' });
    expect(screen.queryByRole('button', { name: 'Editar' })).not.toBeInTheDocument();
  });

  it('says so when the report does not exist', async () => {
    mockFetch({
      'GET /api/informes/7': notFound('El informe no existe'),
    });
    renderInforme();
    await expectNotFoundPage('El informe no existe o ya no está disponible.', {
      name: 'Volver a informes',
      href: '/informes',
    });
  });

  describe('charts of counts (issue #14)', () => {
    const porMes = { ...porEstado, nombre: 'Eventos por mes', tipo: 'eventos-por-mes' as const };
    const mensual = (serie: { etiqueta: string; valor: number }[]) =>
      makeResultado({
        columnas: [
          { campo: 'mes', titulo: 'Mes', tipo: 'texto' },
          { campo: 'total', titulo: 'Total', tipo: 'numero' },
        ],
        filas: serie.map((p) => ({ mes: p.etiqueta, total: p.valor })),
        serie,
        grafico: 'lineas',
        total: serie.length,
      });
    const ticks = (chart: HTMLElement, axis: 'X' | 'Y') =>
      Array.from(
        chart.querySelectorAll(`.MuiChartsAxis-direction${axis} .MuiChartsAxis-tickLabel`),
        (e) => e.textContent,
      );

    it('starts the count axis at 0 and ticks it in whole numbers', async () => {
      mockFetch({
        'GET /api/informes/7': { body: porMes },
        'GET /api/informes/7/resultado': {
          body: mensual([
            { etiqueta: '2026-01', valor: 3 },
            { etiqueta: '2026-02', valor: 4 },
          ]),
        },
      });
      renderInforme();
      const chart = await screen.findByRole('figure', { name: /Eventos por mes/ });
      await waitFor(() => expect(ticks(chart, 'Y').length).toBeGreaterThan(1));
      const y = ticks(chart, 'Y');
      // MUI's default domain ran from 3 to 4 in steps of 0.2.
      expect(y[0]).toBe('0');
      expect(y).toContain('4');
      for (const tick of y) expect(tick).toMatch(/^\d+$/);
    });

    it('shows the months without events as 0, each reachable from the keyboard', async () => {
      mockFetch({
        'GET /api/informes/7': { body: porMes },
        'GET /api/informes/7/resultado': {
          body: mensual([
            { etiqueta: '2026-01', valor: 3 },
            { etiqueta: '2026-04', valor: 4 },
          ]),
        },
      });
      const { user } = renderInforme();
      const chart = await screen.findByRole('figure', { name: /Eventos por mes/ });
      await waitFor(() => expect(chart.querySelectorAll('.MuiLineChart-line')).toHaveLength(1));
      expect(ticks(chart, 'X')).toEqual(['ene 2026', 'feb 2026', 'mar 2026', 'abr 2026']);
      // Tab reaches the chart; the arrows walk its points, announcing period and count.
      const proxy = chart.querySelector<HTMLElement>('[tabindex="0"]')!;
      act(() => proxy.focus());
      await user.keyboard('{ArrowRight}');
      expect(proxy).toHaveTextContent('ene 2026: 3');
      await user.keyboard('{ArrowRight}');
      expect(proxy).toHaveTextContent('feb 2026: 0');
    });

    it('labels every bar with its category and its value, many long categories lying down', async () => {
      const eventos = Array.from({ length: 12 }, (_, i) => ({
        etiqueta: `Congreso internacional número ${i + 1}`,
        valor: i % 3,
      }));
      mockFetch({
        'GET /api/informes/7': {
          body: { ...porEstado, nombre: 'Periodos', tipo: 'periodos-por-evento' },
        },
        'GET /api/informes/7/resultado': {
          body: makeResultado({
            columnas: [
              { campo: 'evento', titulo: 'Evento', tipo: 'texto' },
              { campo: 'total', titulo: 'Periodos', tipo: 'numero' },
            ],
            filas: eventos.map((e) => ({ evento: e.etiqueta, total: e.valor })),
            serie: eventos,
            total: eventos.length,
          }),
        },
      });
      renderInforme();
      const chart = await screen.findByRole('figure', { name: /Periodos/ });
      await waitFor(() => expect(chart.querySelectorAll('.MuiBarChart-element')).toHaveLength(12));
      // Categories on the y axis, read horizontally, none dropped for overlapping.
      expect(ticks(chart, 'Y')).toEqual(eventos.map((e) => e.etiqueta));
      expect(ticks(chart, 'X')[0]).toBe('0');
      const valores = Array.from(
        chart.querySelectorAll('.MuiBarChart-label'),
        (e) => e.textContent,
      );
      expect(valores).toEqual(eventos.map((e) => String(e.valor)));
    });
  });

  describe('on paper (issue #14)', () => {
    afterEach(async () => {
      await act(() => i18next.changeLanguage('es'));
    });

    const filtrado = makeInforme({
      filtros: {
        entidad: 'eventos',
        filtros: [
          { campo: 'estado', operador: 'en', valor: ['publicado', 'finalizado'] },
          {
            campo: 'fechaInicio',
            operador: 'entre',
            valor: ['2026-03-01T00:00:00.000Z', '2026-03-31T23:59:00.000Z'],
          },
          { campo: 'lugar', operador: 'contiene', valor: 'Zaragoza' },
        ],
      },
    });
    const listado = makeResultado({
      columnas: [
        { campo: 'nombre', titulo: 'Nombre', tipo: 'texto' },
        { campo: 'estado', titulo: 'Estado', tipo: 'texto' },
        { campo: 'fechaInicio', titulo: 'Fecha de inicio', tipo: 'fecha' },
      ],
      filas: [
        { nombre: 'Feria de marzo', estado: 'publicado', fechaInicio: '2026-03-10T09:00:00.000Z' },
      ],
      total: 1,
    });

    it('prints the date and the filter in words, in Spanish', async () => {
      mockFetch({
        'GET /api/informes/7': { body: filtrado },
        'GET /api/informes/7/resultado': { body: listado },
      });
      renderInforme();
      await screen.findByRole('grid', { name: 'Resultado' });
      const papel = screen.getByTestId('informe-impresion');
      expect(papel).toHaveAttribute('data-print-only');
      expect(papel).toHaveTextContent(/^Impreso el \d{1,2} \w+ \d{4}, \d{1,2}:\d{2}/);
      expect(papel).toHaveTextContent('Eventos que cumplen todas estas condiciones:');
      expect(
        within(papel)
          .getAllByRole('listitem', { hidden: true })
          .map((li) => li.textContent),
      ).toEqual([
        'Estado es uno de Publicado o Finalizado',
        'Fecha de inicio entre 1 mar 2026, 0:00 y 31 mar 2026, 23:59',
        'Lugar contiene «Zaragoza»',
      ]);
    });

    it('prints the filter in English when the reader reads English', async () => {
      mockFetch({
        'GET /api/informes/7': { body: filtrado },
        'GET /api/informes/7/resultado': { body: listado },
      });
      await act(() => i18next.changeLanguage('en'));
      renderInforme();
      await screen.findByRole('grid', { name: 'Result' });
      const papel = screen.getByTestId('informe-impresion');
      expect(papel).toHaveTextContent(/^Printed on \w+ \d{1,2}, \d{4}, \d{1,2}:\d{2}/);
      expect(papel).toHaveTextContent('Events meeting all of these conditions:');
      expect(
        within(papel)
          .getAllByRole('listitem', { hidden: true })
          .map((li) => li.textContent),
      ).toEqual([
        'State is one of Published or Finished',
        'Start date between Mar 1, 2026, 12:00 AM and Mar 31, 2026, 11:59 PM',
        'Venue contains “Zaragoza”',
      ]);
    });

    it('says when a report has no filter, or when its filter was withheld', async () => {
      mockFetch({
        'GET /api/informes/7': { body: porEstado },
        'GET /api/informes/7/resultado': { body: makeResultado() },
      });
      const first = renderInforme();
      await screen.findByRole('grid', { name: 'Resultado' });
      expect(screen.getByTestId('informe-impresion')).toHaveTextContent(
        'Sin filtro: incluye todos los registros.',
      );
      first.unmount();

      mockFetch({
        'GET /api/informes/7': { body: { ...filtrado, filtros: null, filtrosOcultos: true } },
        'GET /api/informes/7/resultado': { body: listado },
      });
      renderInforme();
      await screen.findByRole('grid', { name: 'Resultado' });
      expect(screen.getByTestId('informe-impresion')).toHaveTextContent(
        'El filtro no se muestra: no tienes permiso para ver sus datos.',
      );
    });

    it('prints on A4 a plain table of the rows instead of the grid', async () => {
      mockFetch({
        'GET /api/informes/7': { body: filtrado },
        'GET /api/informes/7/resultado': { body: listado },
      });
      renderInforme();
      const grid = await screen.findByRole('grid', { name: 'Resultado' });
      expect(grid.closest('[data-no-print]')).not.toBeNull();
      const tabla = document.querySelector<HTMLTableElement>('table[data-print-table]')!;
      expect(tabla).toHaveAttribute('data-print-only');
      expect(Array.from(tabla.rows, (r) => Array.from(r.cells, (c) => c.textContent))).toEqual([
        ['Nombre', 'Estado', 'Fecha de inicio'],
        ['Feria de marzo', 'Publicado', '10 mar 2026, 9:00'],
      ]);
      const rules = Array.from(document.styleSheets).flatMap((sheet) =>
        Array.from(sheet.cssRules, (r) => r.cssText),
      );
      expect(rules).toContain('@page {size: A4 portrait; margin: 10mm;}');
      const print = rules.find(
        (r) => r.startsWith('@media print') && r.includes('[data-print-only]'),
      );
      expect(print).toContain('[data-no-print] {display: none !important;}');
      expect(print).toContain('[data-print-only] {display: block !important;}');
      expect(print).toMatch(/table\[data-print-table\] \{width: 100%;[^}]*font-size: 8pt/);
      expect(print).toContain('overflow-wrap: anywhere');
    });
  });
});
