import { screen, waitFor } from '@testing-library/react';
import { mockFetch } from '@gestion/shared/testing';
import { makeUser, renderPage, signedIn } from '../../../testing/render';
import { ImportDialog } from './ImportDialog';

/** "Comprobar" once the chosen file has been read (the dialog reads it asynchronously). */
async function checkButtonOnceRead(): Promise<HTMLElement> {
  const button = screen.getByRole('button', { name: 'Comprobar' });
  await waitFor(() => expect(button).toBeEnabled());
  return button;
}

jest.setTimeout(20_000);

const admin = makeUser({ roles: [{ nombre: 'admin', permisos: [] }] });
const CSV = 'email,nombre,roles\nnueva@example.com,Nueva Persona,gestor\n';

describe('ImportDialog', () => {
  it('shows the dry-run report before applying, then applies the same file', async () => {
    const fetchMock = mockFetch({
      'POST /api/usuarios/import': ({ query }) => ({
        body: {
          aplicado: query.get('dryRun') !== '1',
          filas: [
            {
              fila: 2,
              email: 'nueva@example.com',
              resultado: 'creado',
              ...(query.get('dryRun') === '1' ? {} : { passwordTemporal: 'Xy7-otp-123' }),
            },
          ],
          resumen: { creados: 1, actualizados: 0, rechazados: 0 },
        },
      }),
    });
    const { user } = renderPage(<ImportDialog onClose={jest.fn()} />, { auth: signedIn(admin) });
    // The kit's dialog is a lazy chunk: it appears once loaded.
    expect(await screen.findByRole('button', { name: 'Comprobar' })).toBeDisabled();
    await user.upload(
      screen.getByLabelText('Elegir archivo CSV', { selector: 'input' }),
      new File([CSV], 'usuarios.csv', { type: 'text/csv' }),
    );
    await user.click(await checkButtonOnceRead());

    expect(await screen.findByText('Se creará')).toBeInTheDocument();
    expect(screen.getByText(/1 se crearán, 0 se actualizarán, 0 rechazados/)).toBeInTheDocument();
    const [dry] = fetchMock.callsTo('POST /api/usuarios/import');
    expect(dry!.query.get('dryRun')).toBe('1');
    expect(dry!.body).toBe(CSV);
    expect(dry!.headers.get('content-type')).toBe('text/csv');

    await user.click(screen.getByRole('button', { name: 'Aplicar' }));
    expect(await screen.findByText('Xy7-otp-123')).toBeInTheDocument();
    const calls = fetchMock.callsTo('POST /api/usuarios/import');
    expect(calls).toHaveLength(2);
    expect(calls[1]!.query.get('dryRun')).toBeNull();
  });

  it('offers no apply while any row is rejected', async () => {
    mockFetch({
      'POST /api/usuarios/import': {
        body: {
          aplicado: false,
          filas: [{ fila: 2, email: 'mal', resultado: 'rechazado', motivo: 'Correo electrónico no válido' }],
          resumen: { creados: 0, actualizados: 0, rechazados: 1 },
        },
      },
    });
    const { user } = renderPage(<ImportDialog onClose={jest.fn()} />, { auth: signedIn(admin) });
    await user.upload(
      await screen.findByLabelText('Elegir archivo CSV', { selector: 'input' }),
      new File(['email,nombre,roles\nmal,X,\n'], 'u.csv', { type: 'text/csv' }),
    );
    await user.click(await checkButtonOnceRead());
    expect(await screen.findByText('Correo electrónico no válido')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Aplicar' })).toBeDisabled());
  });
});
