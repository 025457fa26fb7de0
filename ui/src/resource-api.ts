/**
 * What the remotes' RTK Query endpoints for one REST resource (`/api/eventos`, `/api/informes`,
 * `/api/usuarios`) share (DESIGN.md §5, issue #14): the tag scheme — a list tagged `<Type>/LIST`,
 * one item `<Type>/<id>`, so a write refreshes exactly the pages that show it — and the
 * create / PATCH-with-version / delete requests of the spec's CRUD routes. Plain objects typed
 * structurally, so the kit needs no RTK import and each remote keeps its own endpoints.
 */
import { withQuery } from './list-params';

/** A tag of one item or of the whole list, in RTK Query's `{ type, id }` form. */
export type ResourceTag<T extends string> = { type: T; id: number | 'LIST' };

/**
 * The tags of resource `type`: `list` (refreshed by a create or delete), `ofPage` for a list
 * query's `providesTags` (the list and each item on the page), `one` for a single item and
 * `oneAndList` for a write that changes an item shown both alone and in the list.
 */
export function resourceTags<T extends string>(type: T) {
  const list: ResourceTag<T> = { type, id: 'LIST' };
  return {
    list,
    ofPage: (page?: { items: readonly { id: number }[] }): ResourceTag<T>[] => [
      list,
      ...(page?.items ?? []).map((item) => ({ type, id: item.id })),
    ],
    one: (id: number): ResourceTag<T>[] => [{ type, id }],
    oneAndList: (id: number): ResourceTag<T>[] => [{ type, id }, list],
  };
}

/**
 * The write requests of the resource at `base` (`/api/eventos`): `create` POSTs the body,
 * `update` PATCHes `{ id, patch }` (the patch carries its `version`, a stale one answers 409) and
 * `remove` DELETEs one item, and `importCsv` POSTs a CSV file to `<base>/import` (text/csv),
 * with `?dryRun=1` for the per-row report that writes nothing.
 */
export function resourceRequests(base: string) {
  return {
    create: <B>(body: B) => ({ url: base, method: 'POST', body }),
    update: <P>({ id, patch }: { id: number; patch: P }) => ({
      url: `${base}/${id}`,
      method: 'PATCH',
      body: patch,
    }),
    remove: (id: number) => ({ url: `${base}/${id}`, method: 'DELETE' }),
    importCsv: ({ csv, dryRun }: { csv: string; dryRun: boolean }) => ({
      url: `${base}/import`,
      method: 'POST',
      params: dryRun ? { dryRun: '1' } : undefined,
      body: csv,
      headers: { 'content-type': 'text/csv' },
    }),
  };
}

/**
 * The RTK Query endpoint definitions of the spec's CRUD routes for resource `type` at `base`,
 * each to hand to `build.query`/`build.mutation` with the remote's own types:
 * `list` (`GET base?query`, tagged with the list and each item on the page), `one`
 * (`GET base/:id`), `create` (refreshes the lists), `update` and `remove` (refresh the item and
 * the lists — after a 409 the refetch shows the other person's version) and `importCsv` (a dry run
 * changes nothing, so only an applied import refreshes the lists). `tags` for other endpoints.
 */
export function resourceEndpoints<T extends string>(type: T, base: string) {
  const tags = resourceTags(type);
  const requests = resourceRequests(base);
  return {
    tags,
    list: { query: (query: object) => withQuery(base, query), providesTags: tags.ofPage },
    one: {
      query: (id: number) => `${base}/${id}`,
      providesTags: (_result: unknown, _error: unknown, id: number) => tags.one(id),
    },
    create: { query: requests.create, invalidatesTags: [tags.list] },
    update: {
      query: requests.update,
      invalidatesTags: (_result: unknown, _error: unknown, { id }: { id: number }) =>
        tags.oneAndList(id),
    },
    remove: {
      query: requests.remove,
      invalidatesTags: (_result: unknown, _error: unknown, id: number) => tags.oneAndList(id),
    },
    importCsv: {
      query: requests.importCsv,
      invalidatesTags: (_result: unknown, _error: unknown, { dryRun }: { dryRun: boolean }) =>
        dryRun ? [] : [tags.list],
    },
  };
}
