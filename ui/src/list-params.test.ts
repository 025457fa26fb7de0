import { cleanParams, fromSortParam, listQueryString, toSortParam, withQuery } from './list-params';

describe('list parameters', () => {
  it('leaves empty values out of the URL', () => {
    expect(cleanParams({ q: 'ana', rol: '', activo: false, page: 1, x: null, y: undefined })).toEqual({
      q: 'ana',
      activo: 'false',
      page: '1',
    });
    expect(listQueryString({ q: 'ana ruiz', page: 2 })).toBe('q=ana+ruiz&page=2');
    expect(withQuery('/api/eventos', { q: '' })).toBe('/api/eventos');
    expect(withQuery('/api/eventos', { estado: 'publicado' })).toBe('/api/eventos?estado=publicado');
  });

  it('writes and reads the campo|-campo sort', () => {
    expect(toSortParam([{ field: 'nombre', sort: 'asc' }])).toBe('nombre');
    expect(toSortParam([{ field: 'creadoEn', sort: 'desc' }])).toBe('-creadoEn');
    expect(toSortParam([])).toBeUndefined();
    expect(toSortParam([{ field: 'nombre', sort: null }])).toBeUndefined();
    expect(fromSortParam('-creadoEn')).toEqual([{ field: 'creadoEn', sort: 'desc' }]);
    expect(fromSortParam('nombre')).toEqual([{ field: 'nombre', sort: 'asc' }]);
    expect(fromSortParam(undefined)).toEqual([]);
  });
});
