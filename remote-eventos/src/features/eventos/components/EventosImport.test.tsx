import { screen, waitFor, within } from '@testing-library/react';
import { mockFetch } from '@gestion/shared/testing';
import { makeEvento, page } from '../../../testing/fixtures';
import { makeGestor, makeUser, renderPage, signedIn } from '../../../testing/render';
import EventosPage from './EventosPage';

const CSV =
  'nombre,lugar,fechaInicio,fechaFin\n' +
  'Feria,Madrid,2026-03-01T08:00:00Z,2026-03-02T18:00:00Z\n' +
  'Sin lugar,,2026-03-01T08:00:00Z,2026-03-02T18:00:00Z\n';

describe('EventosPage import', () => {
  it('imports a CSV: dry run, per-row report, then the file without the rejected row applied', async () => {
    const fetchMock = mockFetch({
      'GET /api/eventos': { body: page([makeEvento()]) },
      'POST /api/eventos/import': ({ query, body }) => {
        const dryRun = query.get('dryRun') === '1';
        const withBadRow = String(body).includes('Sin lugar');
        return {
          body: {
            aplicado: !dryRun,
            filas: [
              { fila: 2, nombre: 'Feria', resultado: 'creado', ...(dryRun ? {} : { id: 9 }) },
              ...(withBadRow
                ? [
                    {
                      fila: 3,
                      nombre: 'Sin lugar',
                      resultado: 'rechazado',
                      motivo: 'lugar: El lugar es obligatorio',
                      errores: [{ field: 'lugar', message: 'El lugar es obligatorio' }],
                    },
                  ]
                : []),
            ],
            resumen: { creados: 1, rechazados: withBadRow ? 1 : 0 },
          },
        };
      },
    });
    const { user } = renderPage(<EventosPage />, { url: '/eventos', auth: signedIn(makeGestor()) });
    await user.click(await screen.findByRole('button', { name: 'Importar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Importar eventos' });
    const upload = async (csv: string) => {
      await user.upload(
        within(dialog).getByLabelText('Elegir archivo CSV', { selector: 'input' }),
        new File([csv], 'eventos.csv', { type: 'text/csv' }),
      );
      const check = within(dialog).getByRole('button', { name: 'Comprobar' });
      await waitFor(() => expect(check).toBeEnabled());
      await user.click(check);
    };

    await upload(CSV);
    const rejected = await within(dialog).findByRole('row', { name: /^3 Sin lugar Rechazada/ });
    expect(rejected).toHaveTextContent('lugar: El lugar es obligatorio');
    expect(within(dialog).getByRole('button', { name: 'Aplicar' })).toBeDisabled();
    const [dry] = fetchMock.callsTo('POST /api/eventos/import');
    expect(dry!.query.get('dryRun')).toBe('1');
    expect(dry!.body).toBe(CSV);
    expect(dry!.headers.get('content-type')).toBe('text/csv');

    const fixed = CSV.split('\n').slice(0, 2).join('\n') + '\n';
    await upload(fixed);
    await within(dialog).findByText('Se creará');
    await user.click(within(dialog).getByRole('button', { name: 'Aplicar' }));
    expect(await within(dialog).findByText('Importación aplicada: 1 creados')).toBeInTheDocument();
    const calls = fetchMock.callsTo('POST /api/eventos/import');
    expect(calls).toHaveLength(3);
    expect(calls[2]!.query.get('dryRun')).toBeNull();
    expect(calls[2]!.body).toBe(fixed);
    // The list is asked again behind the dialog (the mutation invalidates Evento/LIST).
    await waitFor(() => expect(fetchMock.callsTo('GET /api/eventos').length).toBeGreaterThan(1));
  });

  it('offers no import to whoever may not create events', async () => {
    mockFetch({ 'GET /api/eventos': { body: page([makeEvento()]) } });
    renderPage(<EventosPage />, { url: '/eventos', auth: signedIn(makeUser()) });
    await screen.findByText('Congreso de primavera');
    expect(screen.queryByRole('button', { name: 'Importar' })).not.toBeInTheDocument();
  });
});
