import { screen } from '@testing-library/react';
import { renderPage } from '@gestion/shared/testing';
import { useNoticeAndClose } from './use-notice-and-close';

function Saved({ onClose }: { onClose: () => void }) {
  const done = useNoticeAndClose(onClose);
  return (
    <button type="button" onClick={() => done('Evento creado')}>
      Guardar
    </button>
  );
}

describe('useNoticeAndClose', () => {
  it("shows the success notice through the shell's notify, then closes", async () => {
    const onClose = jest.fn();
    const { user, shell } = renderPage(<Saved onClose={onClose} />);
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(shell.notify).toHaveBeenCalledWith('Evento creado', { type: 'success' });
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
