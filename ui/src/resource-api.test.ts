import { resourceRequests, resourceTags } from './resource-api';
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

describe('translationKeys', () => {
  it('lists every leaf key as a dotted path, sorted', () => {
    expect(translationKeys({ b: { y: 'Y', x: { z: 'Z' } }, a: 'A' })).toEqual([
      'a',
      'b.x.z',
      'b.y',
    ]);
  });
});
