/**
 * The events endpoints (issue 5, `/api/eventos`) injected into shared's one RTK Query api
 * (DESIGN.md §5). Lists are tagged `Evento/LIST`, single events `Evento/<id>`, so a write
 * refreshes exactly the pages that show it.
 */
import { baseApi } from '@gestion/shared/react/api';
import { resourceEndpoints, type Page } from '@gestion/ui';
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

const eventos = resourceEndpoints('Evento', '/api/eventos');

const eventosApi = baseApi.enhanceEndpoints({ addTagTypes: ['Evento'] }).injectEndpoints({
  endpoints: (build) => ({
    listEventos: build.query<Page<Evento>, EventosQuery>(eventos.list),
    getEvento: build.query<Evento, number>(eventos.one),
    createEvento: build.mutation<Evento, EventoInput>(eventos.create),
    updateEvento: build.mutation<Evento, { id: number; patch: EventoPatch }>(eventos.update),
    deleteEvento: build.mutation<void, number>(eventos.remove),
    /**
     * `POST /api/eventos/import` (text/csv; eventos:crear): `dryRun` answers the per-row report
     * and writes nothing; otherwise every row is created or, with any rejected, none (400).
     */
    importEventos: build.mutation<EventoImportReport, { csv: string; dryRun: boolean }>(
      eventos.importCsv,
    ),
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
