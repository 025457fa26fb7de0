import { screen, waitFor, within } from '@testing-library/react';
import {
  expectNotFoundPage,
  notFound,
  saveRenameThroughConflict,
  submitEmptyCreateDialog,
  versionConflict,
} from '@gestion/ui/testing';
import { mockFetch } from '@gestion/shared/testing';
import { makeEvento, makePeriodo, page } from '../../../testing/fixtures';
import { makeGestor, makeUser, renderPage, signedIn } from '../../../testing/render';
import PeriodosPage from './PeriodosPage';

const evento = makeEvento({ estado: 'publicado' });
const apertura = makePeriodo();
const talleres = makePeriodo({
  id: 11,
  nombre: 'Talleres',
  fechaInicio: '2026-03-02T08:00:00.000Z',
  fechaFin: '2026-03-02T13:00:00.000Z',
});

function serve(periodos = [apertura, talleres], extra = {}) {
  return mockFetch({
    'GET /api/eventos/1': { body: evento },
    'GET /api/eventos/1/periodos': { body: page(periodos, periodos.length, 1, 1000) },
    ...extra,
  });
}

const open = (auth = signedIn(makeGestor())) =>
  renderPage(<PeriodosPage />, { url: '/eventos/1/periodos', path: '/eventos/:id/periodos', auth });

describe('PeriodosPage', () => {
  it("shows the event's header and its periods as a table", async () => {
    const fetchMock = serve();
    open();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Congreso de primavera' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Valencia')).toBeInTheDocument();
    expect(screen.getByText('Publicado')).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Periodos' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent('Apertura');
    expect(rows[2]).toHaveTextContent('Talleres');
    expect(fetchMock.callsTo('GET /api/eventos/1/periodos')[0]!.query.get('sort')).toBe(
      'fechaInicio',
    );
  });

  it('draws one timeline box per period, placed across the event span', async () => {
    serve();
    open();
    const timeline = await screen.findByRole('list', {
      name: 'Periodos de Congreso de primavera a lo largo del evento',
    });
    const boxes = within(timeline).getAllByRole('listitem');
    expect(boxes).toHaveLength(2);
    expect(boxes[0]).toHaveAccessibleName(/^Apertura: del 1 mar 2026, 8:00 al 1 mar 2026, 12:00$/);
    // The event lasts 58 h; Apertura starts at 0 h and lasts 4 h; Talleres starts at 24 h.
    expect(boxes[0]).toHaveStyle({ left: '0%' });
    expect(getComputedStyle(boxes[1]!).left).toMatch(/^41\.37/);
  });

  it('shows the overlap the server reports on the start field of the new period', async () => {
    const fetchMock = serve([apertura], {
      'POST /api/eventos/1/periodos': {
        status: 409,
        body: {
          statusCode: 409,
          error: 'Conflict',
          code: 'PERIOD_OVERLAP',
          message: 'El periodo se solapa con «Apertura»',
          details: [{ field: 'fechaInicio', message: 'El periodo se solapa con «Apertura»' }],
        },
      },
    });
    const { user } = open();
    const dialog = await submitEmptyCreateDialog(user, {
      open: 'Nuevo periodo',
      required: ['El nombre es obligatorio'],
      sent: () => fetchMock.callsTo('POST /api/eventos/1/periodos'),
    });

    await user.type(within(dialog).getByRole('textbox', { name: 'Nombre' }), 'Cierre');
    await user.click(within(dialog).getByRole('button', { name: 'Crear' }));
    const message = await within(dialog).findByText('El periodo se solapa con «Apertura»');
    // The message is the helper text of the Inicio field, not a generic alert.
    expect(message.closest('.MuiFormControl-root')).toHaveTextContent(/^Inicio/);
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(fetchMock.callsTo('POST /api/eventos/1/periodos')[0]!.body).toMatchObject({
      nombre: 'Cierre',
      fechaInicio: '2026-03-01T12:00:00.000Z',
      fechaFin: '2026-03-01T13:00:00.000Z',
    });
  });

  it('edits a period on its version and shows an out-of-range answer on Fin', async () => {
    const fetchMock = serve(undefined, {
      'PATCH /api/eventos/1/periodos/11': {
        status: 400,
        body: {
          statusCode: 400,
          error: 'Bad Request',
          code: 'PERIOD_OUT_OF_RANGE',
          message: 'El periodo debe estar dentro de las fechas del evento',
          details: [
            { field: 'fechaFin', message: 'El periodo debe estar dentro de las fechas del evento' },
          ],
        },
      },
    });
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Editar Talleres' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar periodo' });
    expect(within(dialog).getByRole('textbox', { name: 'Nombre' })).toHaveValue('Talleres');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    const message = await within(dialog).findByText(
      'El periodo debe estar dentro de las fechas del evento',
    );
    expect(message.closest('.MuiFormControl-root')).toHaveTextContent(/^Fin/);
    expect(fetchMock.callsTo('PATCH /api/eventos/1/periodos/11')[0]!.body).toMatchObject({
      nombre: 'Talleres',
      fechaInicio: '2026-03-02T08:00:00.000Z',
      fechaFin: '2026-03-02T13:00:00.000Z',
      version: 1,
    });
  });

  it('explains a stale version and saves the next time on the current one', async () => {
    let stored = talleres;
    const fetchMock = mockFetch({
      'GET /api/eventos/1': { body: evento },
      'GET /api/eventos/1/periodos': () => ({ body: page([apertura, stored], 2, 1, 1000) }),
      'PATCH /api/eventos/1/periodos/11': (call) => {
        if ((call.body as { version: number }).version === 1) {
          // Someone else saved first.
          stored = { ...talleres, descripcion: 'cambiada', version: 2 };
          return versionConflict('El periodo ha cambiado');
        }
        return { body: { ...stored, nombre: 'Talleres prácticos', version: 3 } };
      },
    });
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Editar Talleres' }));
    await saveRenameThroughConflict(user, {
      dialog: 'Editar periodo',
      value: 'Talleres prácticos',
      conflict: /Otra persona ha modificado este periodo/,
      refetches: () => fetchMock.callsTo('GET /api/eventos/1/periodos'),
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const patches = fetchMock.callsTo('PATCH /api/eventos/1/periodos/11');
    expect(patches.map((c) => (c.body as { version: number }).version)).toEqual([1, 2]);
  });

  it('asks before deleting a period', async () => {
    const fetchMock = serve(undefined, {
      'DELETE /api/eventos/1/periodos/11': { status: 204 },
    });
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Eliminar Talleres' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Eliminar el periodo?' });
    expect(fetchMock.callsTo('DELETE /api/eventos/1/periodos/11')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() =>
      expect(fetchMock.callsTo('DELETE /api/eventos/1/periodos/11')).toHaveLength(1),
    );
  });

  it('shows a usuario the periods without create, edit or delete', async () => {
    serve();
    open(signedIn(makeUser()));
    await screen.findByRole('table', { name: 'Periodos' });
    expect(screen.queryByRole('button', { name: 'Nuevo periodo' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Editar|Eliminar/ })).not.toBeInTheDocument();
  });

  it('says in Spanish that the event does not exist, with a way back', async () => {
    serve([], { 'GET /api/eventos/1': notFound('El evento no existe') });
    open();
    await expectNotFoundPage('El evento que buscas no existe o ha sido eliminado.', {
      name: 'Volver a eventos',
      href: '/eventos',
    });
  });
});
