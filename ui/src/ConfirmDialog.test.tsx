import { act, screen, waitFor } from '@testing-library/react';
import Button from '@mui/material/Button';
import { renderPage } from '@gestion/shared/testing';
import { initUiTestI18n } from './testing';
import { ConfirmDialog, useConfirmDialog, type ConfirmRequest } from './ConfirmDialog';

initUiTestI18n();

describe('ConfirmDialog', () => {
  it('names the action, focuses Cancel, and confirms in red', () => {
    renderPage(
      <ConfirmDialog
        open
        title="Eliminar evento"
        message="Se eliminará «Feria»."
        confirmLabel="Eliminar"
        onConfirm={jest.fn()}
        onClose={jest.fn()}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Eliminar evento' });
    expect(dialog).toHaveAccessibleDescription('Se eliminará «Feria».');
    expect(screen.getByRole('button', { name: 'Cancelar' })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Eliminar' })).toHaveClass('MuiButton-colorError');
  });

  it('confirms in the primary colour when nothing is destroyed, with its own way back', () => {
    renderPage(
      <ConfirmDialog
        open
        destructive={false}
        title="¿Descartar?"
        message="Hay cambios."
        confirmLabel="Descartar"
        cancelLabel="Seguir editando"
        onConfirm={jest.fn()}
        onClose={jest.fn()}
      />,
    );
    expect(screen.getByRole('button', { name: 'Descartar' })).toHaveClass('MuiButton-colorPrimary');
    expect(screen.getByRole('button', { name: 'Seguir editando' })).toBeInTheDocument();
  });

  it('cancels on Esc, but not while busy, when both buttons are disabled', async () => {
    const onClose = jest.fn();
    const { user, rerender } = renderPage(
      <ConfirmDialog open title="T" message="M" confirmLabel="Eliminar" onConfirm={jest.fn()} onClose={onClose} />,
    );
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    rerender(
      <ConfirmDialog open busy title="T" message="M" confirmLabel="Eliminar" onConfirm={jest.fn()} onClose={onClose} />,
    );
    expect(screen.getByRole('button', { name: 'Cancelar' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Eliminar' })).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

function Page({ request }: { request: ConfirmRequest }) {
  const confirm = useConfirmDialog();
  return (
    <>
      <Button onClick={() => confirm.ask(request)}>Borrar</Button>
      {confirm.dialog}
    </>
  );
}

describe('useConfirmDialog', () => {
  it('asks, stays busy while the action runs, then closes', async () => {
    let finish: (value?: unknown) => void = () => undefined;
    const onConfirm = jest.fn(() => new Promise((resolve) => (finish = resolve)));
    const { user } = renderPage(
      <Page request={{ title: 'Eliminar informe', message: '¿Seguro?', confirmLabel: 'Eliminar', onConfirm }} />,
    );
    await user.click(screen.getByRole('button', { name: 'Borrar' }));
    await user.click(screen.getByRole('button', { name: 'Eliminar' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Eliminar' })).toBeDisabled();
    await act(() => {
      finish();
      return Promise.resolve();
    });
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Eliminar informe' })).not.toBeInTheDocument(),
    );
  });

  it('keeps asking when the action answers false, and Cancel never runs it', async () => {
    const onConfirm = jest.fn().mockResolvedValue(false);
    const { user } = renderPage(
      <Page request={{ title: 'Eliminar rol', message: '¿Seguro?', confirmLabel: 'Eliminar', onConfirm }} />,
    );
    await user.click(screen.getByRole('button', { name: 'Borrar' }));
    await user.click(screen.getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByRole('button', { name: 'Eliminar' })).toBeEnabled();
    expect(screen.getByRole('dialog', { name: 'Eliminar rol' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });
});
