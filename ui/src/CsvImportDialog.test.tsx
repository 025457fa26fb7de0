import { screen, waitFor } from '@testing-library/react';
import { renderPage } from '@gestion/shared/testing';
import { CsvImportDialog, type CsvImportReport, type CsvImportRow } from './CsvImportDialog';
import { initUiTestI18n } from './testing';

initUiTestI18n();
jest.setTimeout(20_000);

interface Row extends CsvImportRow {
  nombre: string;
}

const CSV =
  'nombre,lugar,fechaInicio,fechaFin\nFeria,Madrid,2026-03-01T08:00:00Z,2026-03-02T18:00:00Z\n';

const report = (aplicado: boolean, filas: Row[]): CsvImportReport<Row> => ({
  aplicado,
  filas,
  resumen: {
    creados: filas.filter((f) => f.resultado === 'creado').length,
    rechazados: filas.filter((f) => f.resultado === 'rechazado').length,
  },
});

function renderDialog(run: jest.Mock, onApplied = jest.fn()) {
  return renderPage(
    <CsvImportDialog<Row>
      title="Importar eventos"
      help="Columnas nombre, lugar, fechaInicio y fechaFin."
      run={run}
      rowLabel={{ header: 'Nombre', value: (r) => r.nombre }}
      onApplied={onApplied}
      onClose={jest.fn()}
    />,
  );
}

/** Picks the file and presses "Comprobar" once the dialog has read it. */
async function chooseAndCheck(user: ReturnType<typeof renderPage>['user'], csv = CSV) {
  await user.upload(
    await screen.findByLabelText('Elegir archivo CSV', { selector: 'input' }),
    new File([csv], 'eventos.csv', { type: 'text/csv' }),
  );
  const check = screen.getByRole('button', { name: 'Comprobar' });
  await waitFor(() => expect(check).toBeEnabled());
  await user.click(check);
}

describe('CsvImportDialog', () => {
  it('checks the file with a dry run, then applies it and shows the result', async () => {
    const run = jest.fn((_csv: string, dryRun: boolean) =>
      Promise.resolve(report(!dryRun, [{ fila: 2, nombre: 'Feria', resultado: 'creado' }])),
    );
    const onApplied = jest.fn();
    const { user } = renderDialog(run, onApplied);
    expect(await screen.findByRole('button', { name: 'Comprobar' })).toBeDisabled();

    await chooseAndCheck(user);
    expect(run).toHaveBeenLastCalledWith(CSV, true);
    expect(await screen.findByText('Se creará')).toBeInTheDocument();
    expect(screen.getByText(/1 se crearán, 0 rechazados/)).toBeInTheDocument();
    expect(onApplied).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Aplicar' }));
    expect(await screen.findByText('Importación aplicada: 1 creados')).toBeInTheDocument();
    expect(run).toHaveBeenLastCalledWith(CSV, false);
    expect(screen.getByText('Creado')).toBeInTheDocument();
    expect(onApplied).toHaveBeenCalledWith(expect.objectContaining({ aplicado: true }));
    expect(screen.queryByRole('button', { name: 'Aplicar' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cerrar' })).toBeEnabled();
  });

  it('reports each rejected row with its line number and its errors, and offers no apply', async () => {
    const run = jest.fn().mockResolvedValue(
      report(false, [
        { fila: 2, nombre: 'Feria', resultado: 'creado' },
        {
          fila: 3,
          nombre: '',
          resultado: 'rechazado',
          motivo: 'nombre: El nombre es obligatorio',
          errores: [{ field: 'nombre', message: 'El nombre es obligatorio' }],
        },
      ]),
    );
    const { user } = renderDialog(run);
    await chooseAndCheck(user);
    const table = await screen.findByRole('table', { name: 'Informe de la importación' });
    const rejected = screen.getByRole('row', { name: /^3 .*Rechazada/ });
    expect(table).toContainElement(rejected);
    expect(rejected).toHaveTextContent('nombre: El nombre es obligatorio');
    expect(
      screen.getByText(/1 se crearán, 1 rechazados\. Corrija las filas rechazadas/),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Aplicar' })).toBeDisabled();
  });

  it("shows the api's refusal of the file with its details and keeps the file to check again", async () => {
    const run = jest.fn().mockRejectedValueOnce({
      status: 400,
      data: {
        statusCode: 400,
        error: 'Bad Request',
        message: 'Datos no válidos',
        code: 'VALIDATION_ERROR',
        details: [{ field: 'cabecera', message: 'Faltan columnas obligatorias: lugar' }],
      },
    });
    const { user } = renderDialog(run);
    await chooseAndCheck(user);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Datos no válidos');
    expect(alert).toHaveTextContent('Faltan columnas obligatorias: lugar');
    expect(screen.getByText('eventos.csv')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Comprobar' })).toBeEnabled();
  });

  it('says so when no answer comes back', async () => {
    const run = jest.fn().mockRejectedValueOnce({ status: 'FETCH_ERROR', error: 'offline' });
    const { user } = renderDialog(run);
    await chooseAndCheck(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('No se pudo importar el archivo');
  });

  it('refuses a file over the size limit without sending it', async () => {
    const run = jest.fn();
    const { user } = renderPage(
      <CsvImportDialog
        title="Importar"
        help="CSV"
        run={run}
        maxBytes={1024 * 1024}
        rowLabel={{ header: 'Nombre', value: () => '' }}
        onClose={jest.fn()}
      />,
    );
    await user.upload(
      await screen.findByLabelText('Elegir archivo CSV', { selector: 'input' }),
      new File(['x'.repeat(1024 * 1024 + 1)], 'grande.csv', { type: 'text/csv' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('El archivo supera los 1 MB');
    expect(screen.getByRole('button', { name: 'Comprobar' })).toBeDisabled();
    expect(run).not.toHaveBeenCalled();
  });
});
