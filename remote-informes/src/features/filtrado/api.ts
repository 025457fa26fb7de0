/**
 * `POST /api/filtrado` (issue #6, `contracts/filtrado.ts`) injected into shared's one RTK Query
 * api (DESIGN.md §5). It reads, so it is a query: the same filter, page and sort are answered
 * from the cache, and a new one runs on the server.
 */
import { baseApi } from '@gestion/shared/react/api';
import type { FiltradoPage, FiltradoRequest } from '@gestion/shared';

const filtradoApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    runFiltrado: build.query<FiltradoPage, FiltradoRequest>({
      query: (body) => ({ url: '/api/filtrado', method: 'POST', body }),
    }),
  }),
});

export const { useRunFiltradoQuery } = filtradoApi;
