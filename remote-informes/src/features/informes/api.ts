/**
 * The saved reports endpoints (issue #6, `contracts/informes.ts`) injected into shared's one RTK
 * Query api (DESIGN.md §5). Lists are tagged `Informe/LIST`, one report `Informe/<id>`, so a
 * write refreshes exactly the pages that show it; the result of running one is tagged with its
 * report, so editing the report runs it again.
 */
import { baseApi } from '@gestion/shared/react/api';
import { resourceRequests, resourceTags, withQuery } from '@gestion/ui';
import type {
  Informe,
  InformeCreate,
  InformeList,
  InformeListQuery,
  InformePatch,
  InformeResultado,
} from '@gestion/shared';

/** Arguments of `GET /api/informes/:id/resultado` (page 1-based). */
export interface ResultadoArgs {
  id: number;
  page: number;
  pageSize: number;
}

const tags = resourceTags('Informe');
const requests = resourceRequests('/api/informes');

const informesApi = baseApi.enhanceEndpoints({ addTagTypes: ['Informe'] }).injectEndpoints({
  endpoints: (build) => ({
    listInformes: build.query<InformeList, InformeListQuery>({
      query: (query) => withQuery('/api/informes', query),
      providesTags: tags.ofPage,
    }),
    getInforme: build.query<Informe, number>({
      query: (id) => `/api/informes/${id}`,
      providesTags: (_result, _error, id) => tags.one(id),
    }),
    getResultado: build.query<InformeResultado, ResultadoArgs>({
      query: ({ id, page, pageSize }) =>
        withQuery(`/api/informes/${id}/resultado`, { page, pageSize }),
      providesTags: (_result, _error, { id }) => tags.one(id),
    }),
    createInforme: build.mutation<Informe, InformeCreate>({
      query: requests.create,
      invalidatesTags: [tags.list],
    }),
    updateInforme: build.mutation<Informe, { id: number; patch: InformePatch }>({
      query: requests.update,
      // A 409 means someone else changed it: refetching shows their version.
      invalidatesTags: (_result, _error, { id }) => tags.oneAndList(id),
    }),
    deleteInforme: build.mutation<void, number>({
      query: requests.remove,
      invalidatesTags: (_result, _error, id) => tags.oneAndList(id),
    }),
  }),
});

export const {
  useListInformesQuery,
  useGetInformeQuery,
  useGetResultadoQuery,
  useCreateInformeMutation,
  useUpdateInformeMutation,
  useDeleteInformeMutation,
} = informesApi;
