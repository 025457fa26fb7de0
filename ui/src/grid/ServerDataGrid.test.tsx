import { act, screen } from '@testing-library/react';
import i18next from 'i18next';
import { renderPage } from '@gestion/shared/testing';
import { initUiTestI18n } from '../testing';
import { ServerDataGrid } from './ServerDataGrid';

initUiTestI18n();

const columns = [{ field: 'nombre', headerName: 'Nombre', flex: 1 }];
const paging = { paginationModel: { page: 0, pageSize: 10 }, onPaginationModelChange: jest.fn() };

describe('ServerDataGrid', () => {
  afterEach(async () => {
    await act(() => i18next.changeLanguage('es'));
  });

  it("shows the api's page with its total, in Spanish, and sorts on the server", async () => {
    const onSortModelChange = jest.fn();
    const { user } = renderPage(
      <ServerDataGrid
        aria-label="Salas"
        data={{ items: [{ id: 1, nombre: 'Sala Goya' }], total: 31 }}
        columns={columns}
        {...paging}
        sortModel={[]}
        onSortModelChange={onSortModelChange}
        noRowsLabel="Ninguna sala coincide"
      />,
    );
    expect(await screen.findByRole('gridcell', { name: 'Sala Goya' })).toBeInTheDocument();
    expect(screen.getByText('1–10 de 31')).toBeInTheDocument();
    await user.click(screen.getByRole('columnheader', { name: 'Nombre' }));
    expect(onSortModelChange).toHaveBeenCalledWith([{ field: 'nombre', sort: 'asc' }], expect.anything());
  });

  it('says that nothing matches, in English too', async () => {
    await act(() => i18next.changeLanguage('en'));
    renderPage(
      <ServerDataGrid aria-label="Rooms" data={{ items: [], total: 0 }} columns={columns} {...paging} noRowsLabel="No room matches" />,
    );
    expect(await screen.findByText('No room matches')).toBeInTheDocument();
    expect(screen.getByText('Rows per page:')).toBeInTheDocument();
  });
});
