import { screen } from '@testing-library/react';
import { renderPage } from '@gestion/shared/testing';
import { initUiTestI18n } from './testing';
import { ListPage, type ListStatus } from './ListPage';

initUiTestI18n();

const status = (over: Partial<ListStatus> = {}): ListStatus => ({
  isLoading: false,
  isError: false,
  isEmpty: false,
  onRetry: jest.fn(),
  ...over,
});

function page(s: ListStatus) {
  return (
    <ListPage
      title="Eventos"
      create={{ label: 'Nuevo evento', onClick: jest.fn() }}
      status={s}
      empty={{
        title: 'Todavía no hay eventos',
        message: 'Crea el primero.',
        action: { label: 'Crear el primer evento', onClick: jest.fn() },
      }}
      loadFailed="No se han podido cargar los eventos."
      filters={<input aria-label="Buscar eventos" />}
    >
      <table aria-label="Lista de eventos" />
    </ListPage>
  );
}

describe('ListPage', () => {
  it('shows the heading, the create action, the filters and the list', () => {
    renderPage(page(status()));
    expect(screen.getByRole('heading', { level: 1, name: 'Eventos' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Nuevo evento' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Buscar eventos' })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Lista de eventos' })).toBeInTheDocument();
  });

  it('shows a skeleton, not the list nor the empty state, while loading', () => {
    renderPage(page(status({ isLoading: true, isEmpty: true })));
    expect(screen.getByRole('progressbar', { name: 'Cargando…' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByText('Todavía no hay eventos')).not.toBeInTheDocument();
  });

  it('shows a failure with its retry and nothing that says the list is empty', async () => {
    const s = status({
      isError: true,
      isEmpty: true,
      error: { status: 500, data: { statusCode: 500, error: 'E', message: 'Error interno' } },
    });
    const { user } = renderPage(page(s));
    expect(screen.getByRole('alert')).toHaveTextContent('Error interno');
    expect(screen.queryByText('Todavía no hay eventos')).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(s.onRetry).toHaveBeenCalledTimes(1);
  });

  it('invites to create the first one when nothing exists, without the filters or a second button', () => {
    renderPage(page(status({ isEmpty: true })));
    expect(screen.getByRole('region', { name: 'Todavía no hay eventos' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Crear el primer evento' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Nuevo evento' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Buscar eventos' })).not.toBeInTheDocument();
  });
});
