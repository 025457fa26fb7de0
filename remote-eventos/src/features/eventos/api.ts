/**
 * The events endpoints (issue 5, `/api/eventos`) injected into shared's one RTK Query api
 * (DESIGN.md §5). Lists are tagged `Evento/LIST`, single events `Evento/<id>`, so a write
 * refreshes exactly the pages that show it.
 */
import { baseApi } from '@gestion/shared/react/api';
import { withQuery, type Page } from '@gestion/ui';
import type { EventoImportReport } from '@gestion/shared';
import type { EstadoEvento, Evento } from '../../lib/contract';

/** Query of `GET /api/eventos`; empty values are left out of the URL. */
export interface EventosQuery {
  q?: string;
  estado?: EstadoEvento;
  /** ISO 8601; events ending on or after it. */
  desde?: string;
  /** ISO 8601; events starting on or before it. */
  hasta?: string;
  /** A field, `-` first for descending: `fechaInicio`, `-nombre`. */
  sort?: string;
  /** 1-based. */
  page: number;
  pageSize: number;
}

/** Body of `POST /api/eventos` (estado defaults to borrador on the server). */
export interface EventoInput {
  nombre: string;
  descripcion?: string;
  lugar: string;
  fechaInicio: string;
  fechaFin: string;
  estado?: EstadoEvento;
}

/** Body of `PATCH /api/eventos/:id`: the changes plus the version they were made on (409 if stale). */
export type EventoPatch = Partial<EventoInput> & { version: number };

const eventosApi = baseApi.enhanceEndpoints({ addTagTypes: ['Evento'] }).injectEndpoints({
  endpoints: (build) => ({
    listEventos: build.query<Page<Evento>, EventosQuery>({
      query: (query) => withQuery('/api/eventos', query),
      providesTags: (result) => [
        { type: 'Evento', id: 'LIST' },
        ...(result?.items ?? []).map((e) => ({ type: 'Evento' as const, id: e.id })),
      ],
    }),
    getEvento: build.query<Evento, number>({
      query: (id) => `/api/eventos/${id}`,
      providesTags: (_result, _error, id) => [{ type: 'Evento', id }],
    }),
    createEvento: build.mutation<Evento, EventoInput>({
      query: (body) => ({ url: '/api/eventos', method: 'POST', body }),
      invalidatesTags: [{ type: 'Evento', id: 'LIST' }],
    }),
    updateEvento: build.mutation<Evento, { id: number; patch: EventoPatch }>({
      query: ({ id, patch }) => ({ url: `/api/eventos/${id}`, method: 'PATCH', body: patch }),
      // A 409 means someone else changed it: refetching shows their version.
      invalidatesTags: (_result, _error, { id }) => [
        { type: 'Evento', id },
        { type: 'Evento', id: 'LIST' },
      ],
    }),
    deleteEvento: build.mutation<void, number>({
      query: (id) => ({ url: `/api/eventos/${id}`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, id) => [
        { type: 'Evento', id },
        { type: 'Evento', id: 'LIST' },
      ],
    }),
    /**
     * `POST /api/eventos/import` (text/csv; eventos:crear): `dryRun` answers the per-row report
     * and writes nothing; otherwise every row is created or, with any rejected, none (400).
     */
    importEventos: build.mutation<EventoImportReport, { csv: string; dryRun: boolean }>({
      query: ({ csv, dryRun }) => ({
        url: '/api/eventos/import',
        method: 'POST',
        params: dryRun ? { dryRun: '1' } : undefined,
        body: csv,
        headers: { 'content-type': 'text/csv' },
      }),
      invalidatesTags: (_result, _error, { dryRun }) =>
        dryRun ? [] : [{ type: 'Evento', id: 'LIST' }],
    }),
  }),
});

export const {
  useListEventosQuery,
  useGetEventoQuery,
  useCreateEventoMutation,
  useUpdateEventoMutation,
  useDeleteEventoMutation,
  useImportEventosMutation,
} = eventosApi;
