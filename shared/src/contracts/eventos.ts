/**
 * Events and their periods (issue #5, DESIGN.md §6): the schemas the api validates with and the
 * types remote-eventos calls it with, the state machine of an event, and the Spanish messages and
 * error codes the api answers with, so the UI can put each error on the field that caused it.
 *
 * Wire format of every date: ISO 8601 with a time zone (`2026-03-01T09:00:00Z` or
 * `2026-03-01T10:00:00+01:00`); a string without `Z`/offset is refused (400, the field named in
 * `details`). The api stores UTC epoch milliseconds and always answers ISO UTC strings
 * (`toISOString()`: `2026-03-01T09:00:00.000Z`).
 *
 * Endpoints (all under /api, Bearer token):
 *
 * | Method and path                              | Permission         | Success                     |
 * |----------------------------------------------|--------------------|-----------------------------|
 * | GET    /eventos?q&estado&desde&hasta&sort&page&pageSize | eventos:ver | 200 EventoList        |
 * | GET    /eventos/export?(list filters, sort)  | eventos:ver        | 200 text/csv (BOM, CRLF)    |
 * | POST   /eventos/import[?dryRun=1] (text/csv) | eventos:crear      | 200 EventoImportReport      |
 * | POST   /eventos                              | eventos:crear      | 201 Evento                  |
 * | GET    /eventos/:id                          | eventos:ver        | 200 Evento                  |
 * | PATCH  /eventos/:id                          | eventos:editar     | 200 Evento                  |
 * | DELETE /eventos/:id                          | eventos:eliminar   | 204 (its periods go too)    |
 * | GET    /eventos/:id/periodos?q&sort&page&pageSize | periodos:ver  | 200 PeriodoList             |
 * | POST   /eventos/:id/periodos                 | periodos:gestionar | 201 Periodo                 |
 * | GET    /eventos/:id/periodos/:periodoId      | periodos:ver       | 200 Periodo                 |
 * | PATCH  /eventos/:id/periodos/:periodoId      | periodos:gestionar | 200 Periodo                 |
 * | DELETE /eventos/:id/periodos/:periodoId      | periodos:gestionar | 204                         |
 *
 * Errors (shape `ApiErrorBody`; `details[].field` names the body field):
 * - 400 `VALIDATION_ERROR`: bad input, incl. `fechaInicio` not before `fechaFin` (on `fechaFin`),
 *   a date without zone, an unknown `responsableId`.
 * - 404 `NOT_FOUND`: unknown event (also for every /periodos path) or period.
 * - 409 `VERSION_CONFLICT`: PATCH with a stale `version`.
 * - 409 `INVALID_TRANSITION`: the `estado` change is not in `EVENTO_TRANSITIONS` (on `estado`).
 * - 400 `PERIOD_OUT_OF_RANGE`: a period outside its event's dates (on fechaInicio/fechaFin).
 * - 409 `PERIOD_OVERLAP`: a period overlapping another of the event; touching is allowed
 *   (one period's `fechaFin` equal to the next one's `fechaInicio` is not an overlap).
 * - 409 `EVENT_DATES_EXCLUDE_PERIODS`: an event date change that would leave periods outside;
 *   `details` has one entry per period in the way (`PeriodoFueraDetail`).
 */
import { Type, type Static } from '@sinclair/typebox';
import { pageSchema, searchTextSchema } from './listas';

/** Bounds of the text fields (characters). */
export const EVENTO_NOMBRE_MAX_LENGTH = 200;
export const EVENTO_LUGAR_MAX_LENGTH = 200;
export const EVENTO_DESCRIPCION_MAX_LENGTH = 4000;
export const PERIODO_NOMBRE_MAX_LENGTH = 200;
export const PERIODO_DESCRIPCION_MAX_LENGTH = 4000;
/** Default and largest `pageSize` of the event list (DESIGN.md §3 list convention). */
export const EVENTOS_PAGE_SIZE_DEFAULT = 20;
export const EVENTOS_PAGE_SIZE_MAX = 100;
/** Default and largest `pageSize` of one event's periods (a timeline shows them all at once). */
export const PERIODOS_PAGE_SIZE_DEFAULT = 100;
export const PERIODOS_PAGE_SIZE_MAX = 1000;

// ---------------------------------------------------------------------------------------------
// States
// ---------------------------------------------------------------------------------------------

/** The states of an event, in their natural order (issue #5). */
export const EVENTO_ESTADOS = ['borrador', 'publicado', 'cancelado', 'finalizado'] as const;
export type EventoEstado = (typeof EVENTO_ESTADOS)[number];

/**
 * Allowed state changes (issue #5): `borrador → publicado → finalizado`, and any non-final
 * state → `cancelado`. `cancelado` and `finalizado` are final. Keeping the same state is not a
 * transition (the api accepts it as "no change").
 */
export const EVENTO_TRANSITIONS: Readonly<Record<EventoEstado, readonly EventoEstado[]>> = {
  borrador: ['publicado', 'cancelado'],
  publicado: ['finalizado', 'cancelado'],
  cancelado: [],
  finalizado: [],
};

/** True when an event in state `from` may move to `to` (false for `from === to`). */
export function canTransition(from: EventoEstado, to: EventoEstado): boolean {
  return EVENTO_TRANSITIONS[from].includes(to);
}

/** The states an event in `from` may move to, in `EVENTO_ESTADOS` order (for menus). */
export function allowedTransitions(from: EventoEstado): readonly EventoEstado[] {
  return EVENTO_TRANSITIONS[from];
}

/** True when no transition leaves `estado` (`cancelado`, `finalizado`). */
export function isFinalEstado(estado: EventoEstado): boolean {
  return EVENTO_TRANSITIONS[estado].length === 0;
}

/** Spanish labels of the states (for chips and menus). */
export const EVENTO_ESTADO_LABELS: Readonly<Record<EventoEstado, string>> = {
  borrador: 'Borrador',
  publicado: 'Publicado',
  cancelado: 'Cancelado',
  finalizado: 'Finalizado',
};

// ---------------------------------------------------------------------------------------------
// Dates
// ---------------------------------------------------------------------------------------------

/**
 * ISO 8601 date-time with a mandatory zone: `YYYY-MM-DDTHH:mm[:ss[.fff]]` followed by `Z` or
 * `±HH:mm` (`±HHmm` accepted too). A space in place of `T` is allowed as RFC 3339 permits.
 */
export const ISO_DATE_TIME_WITH_ZONE =
  /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})$/i;

/**
 * Parses an ISO 8601 date-time that carries a zone into epoch ms; `undefined` when the string
 * has no zone or is not a real date (e.g. month 13).
 */
export function parseIsoDateTime(value: string): number | undefined {
  if (!ISO_DATE_TIME_WITH_ZONE.test(value)) return undefined;
  const ms = Date.parse(value.replace(' ', 'T'));
  if (Number.isNaN(ms)) return undefined;
  // Date.parse rolls 2026-02-30 over to March; refuse dates whose calendar part changed.
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (m) {
    const [, y, mo, d] = m;
    const probe = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d)));
    if (probe.getUTCMonth() !== Number(mo) - 1 || probe.getUTCDate() !== Number(d))
      return undefined;
  }
  return ms;
}

/** A date on the wire: ISO 8601 with zone (checked by the api with a Spanish message). */
export const IsoDateTimeSchema = Type.String({
  minLength: 1,
  maxLength: 40,
  description: 'ISO 8601 con zona horaria, p. ej. 2026-03-01T09:00:00Z o 2026-03-01T10:00:00+01:00',
  examples: ['2026-03-01T09:00:00.000Z'],
});

// ---------------------------------------------------------------------------------------------
// Evento
// ---------------------------------------------------------------------------------------------

export const EventoEstadoSchema = Type.Union(EVENTO_ESTADOS.map((e) => Type.Literal(e)));

export const EventoSchema = Type.Object(
  {
    id: Type.Integer(),
    nombre: Type.String(),
    descripcion: Type.String(),
    lugar: Type.String(),
    fechaInicio: Type.String({ description: 'ISO 8601 UTC' }),
    fechaFin: Type.String({ description: 'ISO 8601 UTC' }),
    estado: EventoEstadoSchema,
    /** The user in charge; null when none. */
    responsableId: Type.Union([Type.Integer(), Type.Null()]),
    version: Type.Integer(),
    creadoEn: Type.String({ description: 'ISO 8601 UTC' }),
    actualizadoEn: Type.String({ description: 'ISO 8601 UTC' }),
  },
  { $id: 'Evento' },
);
/** An event as every call returns it (DESIGN.md §6 plus version and timestamps). */
export type Evento = Static<typeof EventoSchema>;

/** POST /api/eventos body. `estado` defaults to `borrador`; `descripcion` to ''. */
export const EventoCreateSchema = Type.Object(
  {
    nombre: Type.String({ maxLength: EVENTO_NOMBRE_MAX_LENGTH }),
    // null is read as '' (forms often send null for an emptied field).
    descripcion: Type.Optional(
      Type.Union([Type.String({ maxLength: EVENTO_DESCRIPCION_MAX_LENGTH }), Type.Null()]),
    ),
    lugar: Type.String({ maxLength: EVENTO_LUGAR_MAX_LENGTH }),
    fechaInicio: IsoDateTimeSchema,
    fechaFin: IsoDateTimeSchema,
    estado: Type.Optional(EventoEstadoSchema),
    responsableId: Type.Optional(Type.Union([Type.Integer({ minimum: 1 }), Type.Null()])),
  },
  { additionalProperties: false },
);
export type EventoCreate = Static<typeof EventoCreateSchema>;

/**
 * PATCH /api/eventos/:id body: any subset of the fields plus the `version` the edit was based
 * on (409 `VERSION_CONFLICT` when stale). A changed `estado` must satisfy `canTransition`.
 */
export const EventoPatchSchema = Type.Object(
  {
    nombre: Type.Optional(Type.String({ maxLength: EVENTO_NOMBRE_MAX_LENGTH })),
    // null is read as '' (forms often send null for an emptied field).
    descripcion: Type.Optional(
      Type.Union([Type.String({ maxLength: EVENTO_DESCRIPCION_MAX_LENGTH }), Type.Null()]),
    ),
    lugar: Type.Optional(Type.String({ maxLength: EVENTO_LUGAR_MAX_LENGTH })),
    fechaInicio: Type.Optional(IsoDateTimeSchema),
    fechaFin: Type.Optional(IsoDateTimeSchema),
    estado: Type.Optional(EventoEstadoSchema),
    responsableId: Type.Optional(Type.Union([Type.Integer({ minimum: 1 }), Type.Null()])),
    version: Type.Integer({ minimum: 1 }),
  },
  { additionalProperties: false },
);
export type EventoPatch = Static<typeof EventoPatchSchema>;

/** Sortable fields of the event list; prefix `-` for descending. Default `fechaInicio`. */
export const EVENTO_SORT_FIELDS = [
  'nombre',
  'fechaInicio',
  'fechaFin',
  'estado',
  'creadoEn',
] as const;
export type EventoSortField = (typeof EVENTO_SORT_FIELDS)[number];
export const EVENTO_SORTS = EVENTO_SORT_FIELDS.flatMap((f) => [f, `-${f}`] as const);
export type EventoSort = EventoSortField | `-${EventoSortField}`;

/**
 * GET /api/eventos query.
 * - `q`: words searched in nombre and lugar, case- and accent-insensitive (every word must match).
 * - `estado`: one or more states (`?estado=borrador&estado=publicado`).
 * - `desde`/`hasta`: events whose span overlaps [desde, hasta] (both inclusive). ISO with zone,
 *   or a bare `YYYY-MM-DD` read as that UTC day (`hasta` then covers the whole day).
 * - `page` from 1, `pageSize` 1..100 (default 20).
 */
export const EventoListQuerySchema = Type.Object({
  q: Type.Optional(searchTextSchema(200)),
  estado: Type.Optional(Type.Array(EventoEstadoSchema)),
  desde: Type.Optional(Type.String({ maxLength: 40 })),
  hasta: Type.Optional(Type.String({ maxLength: 40 })),
  sort: Type.Optional(Type.Union(EVENTO_SORTS.map((s) => Type.Literal(s)))),
  page: Type.Optional(pageSchema()),
  pageSize: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: EVENTOS_PAGE_SIZE_MAX,
      default: EVENTOS_PAGE_SIZE_DEFAULT,
    }),
  ),
});
export type EventoListQuery = Static<typeof EventoListQuerySchema>;

export const EventoListSchema = Type.Object({
  items: Type.Array(EventoSchema),
  total: Type.Integer(),
  page: Type.Integer(),
  pageSize: Type.Integer(),
});
/** 200 of GET /api/eventos. */
export type EventoList = Static<typeof EventoListSchema>;

// ---------------------------------------------------------------------------------------------
// Errors
// ---------------------------------------------------------------------------------------------

/** `code` values of the eventos/periodos answers beyond the common `ERROR_CODES`. */
export const EVENTOS_ERROR_CODES = {
  /** 409: the state change is not allowed by `EVENTO_TRANSITIONS`. */
  invalidTransition: 'INVALID_TRANSITION',
  /** 400: a period outside its event's dates. */
  periodOutOfRange: 'PERIOD_OUT_OF_RANGE',
  /** 409: a period overlapping another of the same event. */
  periodOverlap: 'PERIOD_OVERLAP',
  /** 409: new event dates would leave periods outside; `details` lists them. */
  eventDatesExcludePeriods: 'EVENT_DATES_EXCLUDE_PERIODS',
} as const;
export type EventosErrorCode = (typeof EVENTOS_ERROR_CODES)[keyof typeof EVENTOS_ERROR_CODES];

/**
 * One period in the way of an event date change (409 `EVENT_DATES_EXCLUDE_PERIODS`):
 * `field` is the event date that excludes it (`fechaInicio` or `fechaFin`).
 */
export const PeriodoFueraDetailSchema = Type.Object({
  field: Type.String(),
  message: Type.String(),
  periodoId: Type.Optional(Type.Integer()),
  nombre: Type.Optional(Type.String()),
  fechaInicio: Type.Optional(Type.String()),
  fechaFin: Type.Optional(Type.String()),
});
export type PeriodoFueraDetail = Static<typeof PeriodoFueraDetailSchema>;

/** Error body whose `details` may carry the periods in the way (see `PeriodoFueraDetail`). */
export const EventoErrorBodySchema = Type.Object({
  statusCode: Type.Integer(),
  error: Type.String(),
  message: Type.String(),
  code: Type.Optional(Type.String()),
  details: Type.Optional(Type.Array(PeriodoFueraDetailSchema)),
});

/** Spanish texts of the eventos/periodos answers (shown as is; the UI may reuse them). */
export const EVENTOS_MESSAGES = {
  nombreRequired: 'El nombre es obligatorio',
  lugarRequired: 'El lugar es obligatorio',
  dateWithoutZone: 'La fecha debe estar en formato ISO 8601 con zona horaria',
  startBeforeEnd: 'La fecha de fin debe ser posterior a la de inicio',
  responsableNotFound: 'El usuario responsable no existe',
  eventoNotFound: 'El evento no existe',
  periodoNotFound: 'El periodo no existe',
  /** `{from}`/`{to}` are replaced by the Spanish state labels. */
  invalidTransition: 'No se puede pasar un evento de «{from}» a «{to}»',
  periodOutOfRange: 'El periodo debe estar dentro de las fechas del evento',
  /** `{nombre}` is the other period's name. */
  periodOverlap: 'El periodo se solapa con «{nombre}»',
  eventDatesExcludePeriods:
    'Las nuevas fechas dejarían fuera periodos del evento; ajuste o elimine esos periodos primero',
  /** `{nombre}` is the period left outside. */
  periodLeftOutside: 'El periodo «{nombre}» quedaría fuera de las fechas del evento',
} as const;

/** Replaces `{key}` placeholders of an `EVENTOS_MESSAGES` text. */
export function formatEventosMessage(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (all, key: string) => values[key] ?? all);
}
