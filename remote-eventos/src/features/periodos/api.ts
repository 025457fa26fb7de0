/**
 * The periods endpoints (issue 5, `/api/eventos/:id/periodos`) injected into shared's RTK Query
 * api. Tagged per event (`Periodo/<eventoId>`): a write refreshes that event's periods only.
 */
import { baseApi } from '@gestion/shared/react/api';
import { PERIODOS_PAGE_SIZE_MAX, type PeriodoList } from '@gestion/shared';
import type { Periodo } from '../../lib/contract';

/** Body of `POST /api/eventos/:id/periodos`. */
export interface PeriodoInput {
  nombre: string;
  descripcion?: string;
  fechaInicio: string;
  fechaFin: string;
}

const periodosApi = baseApi.enhanceEndpoints({ addTagTypes: ['Periodo'] }).injectEndpoints({
  endpoints: (build) => ({
    listPeriodos: build.query<Periodo[], number>({
      // All of them at once (the api's largest page): the timeline shows the whole event.
      query: (eventoId) =>
        `/api/eventos/${eventoId}/periodos?sort=fechaInicio&pageSize=${PERIODOS_PAGE_SIZE_MAX}`,
      transformResponse: (body: PeriodoList) => body.items,
      providesTags: (_result, _error, eventoId) => [{ type: 'Periodo', id: eventoId }],
    }),
    createPeriodo: build.mutation<Periodo, { eventoId: number; body: PeriodoInput }>({
      query: ({ eventoId, body }) => ({
        url: `/api/eventos/${eventoId}/periodos`,
        method: 'POST',
        body,
      }),
      invalidatesTags: (_result, _error, { eventoId }) => [{ type: 'Periodo', id: eventoId }],
    }),
    updatePeriodo: build.mutation<
      Periodo,
      { eventoId: number; periodoId: number; patch: Partial<PeriodoInput> & { version?: number } }
    >({
      query: ({ eventoId, periodoId, patch }) => ({
        url: `/api/eventos/${eventoId}/periodos/${periodoId}`,
        method: 'PATCH',
        body: patch,
      }),
      invalidatesTags: (_result, _error, { eventoId }) => [{ type: 'Periodo', id: eventoId }],
    }),
    deletePeriodo: build.mutation<void, { eventoId: number; periodoId: number }>({
      query: ({ eventoId, periodoId }) => ({
        url: `/api/eventos/${eventoId}/periodos/${periodoId}`,
        method: 'DELETE',
      }),
      invalidatesTags: (_result, _error, { eventoId }) => [{ type: 'Periodo', id: eventoId }],
    }),
  }),
});

export const {
  useListPeriodosQuery,
  useCreatePeriodoMutation,
  useUpdatePeriodoMutation,
  useDeletePeriodoMutation,
} = periodosApi;
