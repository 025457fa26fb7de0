import { act, render } from '@testing-library/react';
import { MemoryRouter, useLocation, useNavigate, type NavigateFunction } from 'react-router-dom';
import { DATE_PARAM, useServerListState } from './use-list-state';

type State = ReturnType<typeof useListOfTest>;

function useListOfTest() {
  return useServerListState({
    defaultSort: [{ field: 'fechaInicio', sort: 'asc' }],
    sortFields: ['nombre', 'fechaInicio'],
    pageSize: 25,
    filters: { q: true, estado: ['borrador', 'publicado'], desde: DATE_PARAM },
  });
}

/** Renders the hook at `url` and hands back its latest state, the URL and a navigate. */
function setup(url: string) {
  const seen: { state?: State; search?: string; navigate?: NavigateFunction; history: number } = {
    history: 0,
  };
  function Probe() {
    seen.state = useListOfTest();
    const location = useLocation();
    seen.search = location.search;
    seen.navigate = useNavigate();
    return null;
  }
  render(
    <MemoryRouter initialEntries={[url]}>
      <Probe />
    </MemoryRouter>,
  );
  return seen as Required<typeof seen>;
}

describe('useServerListState', () => {
  it('reads filters, sort, page and page size from the URL', () => {
    const s = setup('/eventos?q=feria&estado=publicado&sort=-nombre&page=3&pageSize=50&otro=1');
    expect(s.state.filters).toEqual({ q: 'feria', estado: 'publicado', desde: '' });
    expect(s.state.params).toEqual({ page: 3, pageSize: 50, sort: '-nombre' });
    expect(s.state.sortModel).toEqual([{ field: 'nombre', sort: 'desc' }]);
    expect(s.state.paginationModel).toEqual({ page: 2, pageSize: 50 });
  });

  it('falls back to the defaults on bad values, without crashing', () => {
    const s = setup(
      '/eventos?sort=-password&page=0&pageSize=7&estado=robado&desde=ayer&q=%20',
    );
    expect(s.state.params).toEqual({ page: 1, pageSize: 25, sort: 'fechaInicio' });
    expect(s.state.filters).toEqual({ q: '', estado: '', desde: '' });
    const other = setup('/eventos?page=-2&pageSize=abc&sort=');
    expect(other.state.params).toEqual({ page: 1, pageSize: 25, sort: 'fechaInicio' });
    expect(setup('/eventos?page=2.5').state.params.page).toBe(1);
  });

  it('writes only what differs from the defaults, keeping other parameters', () => {
    const s = setup('/eventos?otro=1');
    act(() => s.state.onSortModelChange([{ field: 'nombre', sort: 'desc' }]));
    expect(s.search).toBe('?otro=1&sort=-nombre');
    act(() => s.state.onPaginationModelChange({ page: 1, pageSize: 50 }));
    expect(s.search).toBe('?otro=1&sort=-nombre&page=2&pageSize=50');
    act(() => s.state.onPaginationModelChange({ page: 0, pageSize: 25 }));
    expect(s.search).toBe('?otro=1&sort=-nombre');
    // The header's third click clears the sort: the default again, out of the URL.
    act(() => s.state.onSortModelChange([]));
    expect(s.search).toBe('?otro=1');
    expect(s.state.params.sort).toBe('fechaInicio');
  });

  it('goes back to the first page on a filter change, and back/forward restores', () => {
    const s = setup('/eventos?page=4');
    act(() => s.state.setFilter('estado', 'borrador'));
    expect(s.search).toBe('?estado=borrador');
    expect(s.state.params.page).toBe(1);
    act(() => void s.navigate(-1));
    expect(s.search).toBe('?page=4');
    expect(s.state.filters.estado).toBe('');
    expect(s.state.params.page).toBe(4);
    act(() => void s.navigate(1));
    expect(s.state.filters.estado).toBe('borrador');
  });

  it('replaces the entry for a search as typed, so back skips the keystrokes', () => {
    const s = setup('/inicio');
    act(() => void s.navigate('/eventos?sort=nombre'));
    act(() => s.state.setFilter('q', 'f', { replace: true }));
    act(() => s.state.setFilter('q', 'feria', { replace: true }));
    expect(s.search).toBe('?sort=nombre&q=feria');
    act(() => void s.navigate(-1));
    expect(s.search).toBe('');
  });

  it('clears a filter set to empty and sets several at once', () => {
    const s = setup('/eventos?q=feria&estado=publicado');
    act(() => s.state.setFilters({ q: '', estado: 'borrador', desde: '2026-03-01' }));
    expect(s.search).toBe('?estado=borrador&desde=2026-03-01');
    expect(s.state.filters).toEqual({ q: '', estado: 'borrador', desde: '2026-03-01' });
  });
});
