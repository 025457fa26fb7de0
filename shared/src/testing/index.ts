/**
 * @gestion/shared/testing — the frontends' test kit: a `fetch` stand-in and a store with the
 * shared `baseApi`. Only Jest resolves this entry (jest.base.cjs maps it); it is never bundled.
 */
export * from './fetch-mock';
export * from './store';
export * from './render-page';
