import { screen } from '@testing-library/react';
import TextField from '@mui/material/TextField';
import { renderPage } from '@gestion/shared/testing';
import { initUiTestI18n } from './testing';
import { FormDialog } from './FormDialog';
import { StepUpProvider, type StepUpHandler } from './step-up';
import { useServerForm } from './use-server-form';

initUiTestI18n();

const reauth = {
  status: 403,
  data: {
    statusCode: 403,
    error: 'Forbidden',
    message: 'Vuelva a introducir su contraseña o un código para continuar',
    code: 'REAUTENTICACION_REQUERIDA',
  },
};

function NombreDialog({ submit }: { submit: () => Promise<unknown> }) {
  const server = useServerForm<{ nombre: string }>({
    defaultValues: { nombre: 'admin' },
    fields: ['nombre'],
    submit,
  });
  return (
    <FormDialog title="Editar rol" submitLabel="Guardar" server={server} onClose={jest.fn()}>
      <TextField label="Nombre" {...server.form.register('nombre')} />
    </FormDialog>
  );
}

const withStepUp = (handler: StepUpHandler | null, submit: () => Promise<unknown>) => (
  <StepUpProvider value={handler}>
    <NombreDialog submit={submit} />
  </StepUpProvider>
);

describe('step-up in useServerForm (issue #16)', () => {
  it('asks for step-up on 403 REAUTENTICACION_REQUERIDA and sends the same values again', async () => {
    const submit = jest.fn().mockRejectedValueOnce(reauth).mockResolvedValueOnce(undefined);
    const stepUp = jest.fn().mockResolvedValue(true);
    const { user } = renderPage(withStepUp(stepUp, submit));
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(stepUp).toHaveBeenCalledTimes(1);
    expect(submit).toHaveBeenCalledTimes(2);
    expect(submit).toHaveBeenLastCalledWith({ nombre: 'admin' });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the refusal above the form when the user gives up, and sends nothing more', async () => {
    const submit = jest.fn().mockRejectedValue(reauth);
    const stepUp = jest.fn().mockResolvedValue(false);
    const { user } = renderPage(withStepUp(stepUp, submit));
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Vuelva a introducir su contraseña o un código para continuar',
    );
    expect(submit).toHaveBeenCalledTimes(1);
  });

  it('shows the second answer when the call fails again after step-up', async () => {
    const submit = jest
      .fn()
      .mockRejectedValueOnce(reauth)
      .mockRejectedValueOnce({
        status: 400,
        data: { statusCode: 400, error: 'Bad Request', message: 'El rol admin no se puede cambiar' },
      });
    const { user } = renderPage(withStepUp(jest.fn().mockResolvedValue(true), submit));
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('El rol admin no se puede cambiar');
    expect(submit).toHaveBeenCalledTimes(2);
  });

  it('without a provider, asks nothing: the refusal shows like any other', async () => {
    const submit = jest.fn().mockRejectedValue(reauth);
    const { user } = renderPage(<NombreDialog submit={submit} />);
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Vuelva a introducir su contraseña o un código para continuar',
    );
    expect(submit).toHaveBeenCalledTimes(1);
  });

  it('asks nothing for another 403', async () => {
    const forbidden = {
      status: 403,
      data: { statusCode: 403, error: 'Forbidden', message: 'No tiene permiso', code: 'FORBIDDEN' },
    };
    const stepUp = jest.fn().mockResolvedValue(true);
    const { user } = renderPage(withStepUp(stepUp, jest.fn().mockRejectedValue(forbidden)));
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No tiene permiso');
    expect(stepUp).not.toHaveBeenCalled();
  });
});
