import { resourceEndpoints, resourceRequests, resourceTags } from './resource-api';
import { translationKeys } from './testing/translations';

describe('resourceTags', () => {
  const tags = resourceTags('Evento');

  it('tags a page with the list and each item on it', () => {
    expect(tags.ofPage({ items: [{ id: 4 }, { id: 9 }] })).toEqual([
      { type: 'Evento', id: 'LIST' },
      { type: 'Evento', id: 4 },
      { type: 'Evento', id: 9 },
    ]);
    // A failed query still refreshes with the list.
    expect(tags.ofPage(undefined)).toEqual([tags.list]);
  });

  it('tags one item, and one item with the list', () => {
    expect(tags.one(4)).toEqual([{ type: 'Evento', id: 4 }]);
    expect(tags.oneAndList(4)).toEqual([{ type: 'Evento', id: 4 }, tags.list]);
  });
});

describe('resourceRequests', () => {
  const requests = resourceRequests('/api/informes');

  it('posts, patches with the version and deletes at the resource path', () => {
    expect(requests.create({ nombre: 'A' })).toEqual({
      url: '/api/informes',
      method: 'POST',
      body: { nombre: 'A' },
    });
    expect(requests.update({ id: 7, patch: { nombre: 'B', version: 2 } })).toEqual({
      url: '/api/informes/7',
      method: 'PATCH',
      body: { nombre: 'B', version: 2 },
    });
    expect(requests.remove(7)).toEqual({ url: '/api/informes/7', method: 'DELETE' });
    expect(requests.importCsv({ csv: 'a\n1', dryRun: true })).toEqual({
      url: '/api/informes/import',
      method: 'POST',
      params: { dryRun: '1' },
      body: 'a\n1',
      headers: { 'content-type': 'text/csv' },
    });
    expect(requests.importCsv({ csv: 'a\n1', dryRun: false }).params).toBeUndefined();
  });
});

describe('resourceEndpoints', () => {
  const eventos = resourceEndpoints('Evento', '/api/eventos');

  it('asks a list with its query and tags it with the list and each item on the page', () => {
    expect(eventos.list.query({ q: 'feria', page: 2, estado: undefined })).toBe(
      '/api/eventos?q=feria&page=2',
    );
    expect(eventos.list.providesTags({ items: [{ id: 4 }] })).toEqual([
      { type: 'Evento', id: 'LIST' },
      { type: 'Evento', id: 4 },
    ]);
    expect(eventos.one.query(4)).toBe('/api/eventos/4');
    expect(eventos.one.providesTags(undefined, undefined, 4)).toEqual([{ type: 'Evento', id: 4 }]);
  });

  it('refreshes the lists after a create or an applied import, item and lists after a write', () => {
    const list = { type: 'Evento', id: 'LIST' };
    expect(eventos.create.invalidatesTags).toEqual([list]);
    expect(eventos.update.invalidatesTags(undefined, undefined, { id: 4 })).toEqual([
      { type: 'Evento', id: 4 },
      list,
    ]);
    expect(eventos.remove.invalidatesTags(undefined, undefined, 4)).toEqual([
      { type: 'Evento', id: 4 },
      list,
    ]);
    expect(eventos.importCsv.invalidatesTags(undefined, undefined, { dryRun: true })).toEqual([]);
    expect(eventos.importCsv.invalidatesTags(undefined, undefined, { dryRun: false })).toEqual([
      list,
    ]);
  });
});

describe('translationKeys', () => {
  it('lists every leaf key as a dotted path, sorted', () => {
    expect(translationKeys({ b: { y: 'Y', x: { z: 'Z' } }, a: 'A' })).toEqual([
      'a',
      'b.x.z',
      'b.y',
    ]);
  });
});
