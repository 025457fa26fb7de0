import { act, screen, waitFor } from '@testing-library/react';
import { DataGrid } from '@mui/x-data-grid';
import { useLocation, useNavigate, type NavigateFunction } from 'react-router-dom';
import { renderPage } from '@gestion/shared/testing';
import { initUiTestI18n } from '../testing';
import { linkColumn } from './link-column';
import { useResourceListPage } from './use-resource-list-page';

initUiTestI18n();

type Page = ReturnType<typeof useResourceListPage<'estado'>>;

/** Renders the hook under the fake shell at `url`; hands back its latest state and the URL. */
function setup(url: string, canCreate: boolean) {
  const seen = {} as { page: Page; search: string; navigate: NavigateFunction };
  function Probe() {
    const page = useResourceListPage({
      text: (key) => `text:${key}`,
      canCreate,
      defaultSort: [{ field: 'nombre', sort: 'asc' }],
      filters: { estado: ['borrador', 'publicado'] },
    });
    seen.page = page;
    seen.search = useLocation().search;
    seen.navigate = useNavigate();
    const { onCreate } = page.props;
    return (
      <>
        {onCreate && (
          <button type="button" onClick={onCreate}>
            Nuevo
          </button>
        )}
        {page.creating && <p>Creando</p>}
        {page.confirmDialog}
      </>
    );
  }
  const rendered = renderPage(<Probe />, { url });
  return { ...rendered, seen };
}

describe('useResourceListPage', () => {
  it('keeps the search in q beside the page’s own filters, written as typed', () => {
    const { seen } = setup('/inicio', false);
    act(() => void seen.navigate('/eventos?estado=publicado&page=3'));
    expect(seen.page.list.filters).toEqual({ q: '', estado: 'publicado' });
    act(() => seen.page.setSearch('f'));
    act(() => seen.page.setSearch('feria'));
    // Back to the first page, and no history entry per keystroke: back leaves the list.
    expect(seen.search).toBe('?estado=publicado&q=feria');
    expect(seen.page.list.filters).toEqual({ q: 'feria', estado: 'publicado' });
    act(() => void seen.navigate(-1));
    expect(seen.search).toBe('');
  });

  it('offers create only to who may, and opens the create dialog', async () => {
    const reader = setup('/eventos', false);
    expect(screen.queryByRole('button', { name: 'Nuevo' })).not.toBeInTheDocument();
    expect(reader.seen.page.props).toMatchObject({
      text: expect.any(Function),
      onCreate: undefined,
    });
    reader.unmount();

    const { user, seen } = setup('/eventos', true);
    expect(seen.page.props.text('heading')).toBe('text:heading');
    await user.click(screen.getByRole('button', { name: 'Nuevo' }));
    expect(screen.getByText('Creando')).toBeInTheDocument();
  });

  it('asks before a delete and notifies once it is done', async () => {
    const { user, shell, seen } = setup('/eventos', true);
    const remove = jest.fn().mockResolvedValue(undefined);
    act(() =>
      seen.page.askDelete({
        title: '¿Eliminar el evento?',
        message: 'Se eliminará «Feria»',
        remove,
        deleted: 'Evento «Feria» eliminado',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: '¿Eliminar el evento?' });
    expect(remove).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(remove).toHaveBeenCalledTimes(1);
    expect(shell.notify).toHaveBeenCalledWith('Evento «Feria» eliminado', { type: 'success' });
  });
});

describe('linkColumn', () => {
  it("links each row's text to the row's page, under its accessible name", async () => {
    const columns = [
      linkColumn<{ id: number; nombre: string }>({
        field: 'nombre',
        headerName: 'Nombre',
        to: (row) => `/eventos/${row.id}/periodos`,
        label: (row) => `Periodos de ${row.nombre}`,
      }),
    ];
    renderPage(<DataGrid rows={[{ id: 4, nombre: 'Feria' }]} columns={columns} />);
    const link = await screen.findByRole('link', { name: 'Periodos de Feria' });
    expect(link).toHaveAttribute('href', '/eventos/4/periodos');
    expect(link).toHaveTextContent('Feria');
  });
});
