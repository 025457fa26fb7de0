/**
 * The saved reports endpoints (issue #6, `contracts/informes.ts`) injected into shared's one RTK
 * Query api (DESIGN.md §5). Lists are tagged `Informe/LIST`, one report `Informe/<id>`, so a
 * write refreshes exactly the pages that show it; the result of running one is tagged with its
 * report, so editing the report runs it again.
 */
import { baseApi } from '@gestion/shared/react/api';
import { resourceEndpoints, withQuery } from '@gestion/ui';
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

const informes = resourceEndpoints('Informe', '/api/informes');

const informesApi = baseApi.enhanceEndpoints({ addTagTypes: ['Informe'] }).injectEndpoints({
  endpoints: (build) => ({
    listInformes: build.query<InformeList, InformeListQuery>(informes.list),
    getInforme: build.query<Informe, number>(informes.one),
    getResultado: build.query<InformeResultado, ResultadoArgs>({
      query: ({ id, page, pageSize }) =>
        withQuery(`/api/informes/${id}/resultado`, { page, pageSize }),
      providesTags: (_result, _error, { id }) => informes.tags.one(id),
    }),
    createInforme: build.mutation<Informe, InformeCreate>(informes.create),
    updateInforme: build.mutation<Informe, { id: number; patch: InformePatch }>(informes.update),
    deleteInforme: build.mutation<void, number>(informes.remove),
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
