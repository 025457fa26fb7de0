import { screen } from '@testing-library/react';
import TextField from '@mui/material/TextField';
import { renderPage } from '@gestion/shared/testing';
import { initUiTestI18n } from './testing';
import { FormDialog } from './FormDialog';
import { useServerForm } from './use-server-form';

initUiTestI18n();

const apiError = (status: number, message: string, extra: object = {}) => ({
  status,
  data: { statusCode: status, error: 'E', message, ...extra },
});

function NombreDialog({ submit, onClose = jest.fn() }: { submit: () => Promise<unknown>; onClose?: () => void }) {
  const server = useServerForm<{ nombre: string }>({
    defaultValues: { nombre: 'Feria' },
    fields: ['nombre'],
    submit,
    redirectOf: (e) => (e.status === 404 ? '/eventos' : undefined),
  });
  const { errors } = server.form.formState;
  return (
    <FormDialog title="Editar evento" submitLabel="Guardar" server={server} onClose={onClose}>
      <TextField
        label="Nombre"
        error={Boolean(errors.nombre)}
        helperText={errors.nombre?.message}
        {...server.form.register('nombre')}
      />
    </FormDialog>
  );
}

/** A dialog with the kit's default submit text: "Crear" when it creates, else "Guardar". */
function DefaultLabelDialog({ create }: { create?: boolean }) {
  const server = useServerForm<{ nombre: string }>({
    defaultValues: { nombre: '' },
    fields: ['nombre'],
    submit: () => Promise.resolve(),
  });
  return (
    <FormDialog title="Evento" create={create} server={server} onClose={() => undefined}>
      <TextField label="Nombre" {...server.form.register('nombre')} />
    </FormDialog>
  );
}

describe('FormDialog with useServerForm', () => {
  it("says the kit's Crear on submit when it creates, else its Guardar", () => {
    const { unmount } = renderPage(<DefaultLabelDialog create />);
    expect(screen.getByRole('button', { name: 'Crear' })).toBeInTheDocument();
    unmount();
    renderPage(<DefaultLabelDialog />);
    expect(screen.getByRole('button', { name: 'Guardar' })).toBeInTheDocument();
  });

  it('sends the values and leaves closing to the caller', async () => {
    const submit = jest.fn().mockResolvedValue(undefined);
    const { user } = renderPage(<NombreDialog submit={submit} />);
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(submit).toHaveBeenCalledWith({ nombre: 'Feria' });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("puts a server detail under its field, focused, and nothing above the form", async () => {
    const submit = jest
      .fn()
      .mockRejectedValue(
        apiError(400, 'Datos no válidos', { details: [{ field: '/nombre', message: 'Ya existe' }] }),
      );
    const { user } = renderPage(<NombreDialog submit={submit} />);
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    const nombre = await screen.findByRole('textbox', { name: 'Nombre' });
    expect(nombre).toHaveAccessibleDescription('Ya existe');
    expect(nombre).toHaveFocus();
    expect(screen.queryByText('Datos no válidos')).not.toBeInTheDocument();
  });

  it('explains a version conflict and keeps what was typed', async () => {
    const submit = jest.fn().mockRejectedValue(apiError(409, 'x', { code: 'VERSION_CONFLICT' }));
    const { user } = renderPage(<NombreDialog submit={submit} />);
    await user.clear(screen.getByRole('textbox', { name: 'Nombre' }));
    await user.type(screen.getByRole('textbox', { name: 'Nombre' }), 'Feria 2');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText(/Otra persona ha cambiado este registro/)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Nombre' })).toHaveValue('Feria 2');
  });

  it("shows the server's message above the form, or the kit's when none came", async () => {
    const submit = jest.fn().mockRejectedValueOnce(apiError(500, 'Error interno'));
    submit.mockRejectedValueOnce({ status: 'FETCH_ERROR', error: 'offline' });
    const { user } = renderPage(<NombreDialog submit={submit} />);
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Error interno');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No se han podido guardar los cambios. Inténtalo de nuevo.',
    );
  });

  it('leaves for the page the policy names when the record is gone', async () => {
    const submit = jest.fn().mockRejectedValue(apiError(404, 'No existe'));
    const { user, shell } = renderPage(<NombreDialog submit={submit} />);
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(shell.navigateTo).toHaveBeenCalledWith('/eventos');
  });

  it('closes on Cancel', async () => {
    const onClose = jest.fn();
    const { user } = renderPage(<NombreDialog submit={jest.fn()} onClose={onClose} />);
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(onClose).toHaveBeenCalled();
  });
});
