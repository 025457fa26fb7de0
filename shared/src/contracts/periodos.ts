/**
 * The periods of an event (issue #5, DESIGN.md §6): the schemas of /api/eventos/:id/periodos.
 * Dates, bounds and errors are the events' (contracts/eventos.ts), whose header lists every
 * endpoint and error; split from it to keep each contract file under ~350 lines.
 */
import { Type, type Static } from '@sinclair/typebox';
import { pageSchema, searchTextSchema } from './listas';
import {
  IsoDateTimeSchema,
  PERIODO_DESCRIPCION_MAX_LENGTH,
  PERIODO_NOMBRE_MAX_LENGTH,
  PERIODOS_PAGE_SIZE_DEFAULT,
  PERIODOS_PAGE_SIZE_MAX,
} from './eventos';

export const PeriodoSchema = Type.Object(
  {
    id: Type.Integer(),
    eventoId: Type.Integer(),
    nombre: Type.String(),
    descripcion: Type.String(),
    fechaInicio: Type.String({ description: 'ISO 8601 UTC' }),
    fechaFin: Type.String({ description: 'ISO 8601 UTC' }),
    version: Type.Integer(),
  },
  { $id: 'Periodo' },
);
/** A period of an event (DESIGN.md §6 plus version). */
export type Periodo = Static<typeof PeriodoSchema>;

/** POST /api/eventos/:id/periodos body. */
export const PeriodoCreateSchema = Type.Object(
  {
    nombre: Type.String({ maxLength: PERIODO_NOMBRE_MAX_LENGTH }),
    // null is read as '' (forms often send null for an emptied field).
    descripcion: Type.Optional(
      Type.Union([Type.String({ maxLength: PERIODO_DESCRIPCION_MAX_LENGTH }), Type.Null()]),
    ),
    fechaInicio: IsoDateTimeSchema,
    fechaFin: IsoDateTimeSchema,
  },
  { additionalProperties: false },
);
export type PeriodoCreate = Static<typeof PeriodoCreateSchema>;

/** PATCH /api/eventos/:id/periodos/:periodoId body: any subset plus `version`. */
export const PeriodoPatchSchema = Type.Object(
  {
    nombre: Type.Optional(Type.String({ maxLength: PERIODO_NOMBRE_MAX_LENGTH })),
    // null is read as '' (forms often send null for an emptied field).
    descripcion: Type.Optional(
      Type.Union([Type.String({ maxLength: PERIODO_DESCRIPCION_MAX_LENGTH }), Type.Null()]),
    ),
    fechaInicio: Type.Optional(IsoDateTimeSchema),
    fechaFin: Type.Optional(IsoDateTimeSchema),
    version: Type.Integer({ minimum: 1 }),
  },
  { additionalProperties: false },
);
export type PeriodoPatch = Static<typeof PeriodoPatchSchema>;

export const PERIODO_SORT_FIELDS = ['nombre', 'fechaInicio', 'fechaFin'] as const;
export type PeriodoSortField = (typeof PERIODO_SORT_FIELDS)[number];
export const PERIODO_SORTS = PERIODO_SORT_FIELDS.flatMap((f) => [f, `-${f}`] as const);
export type PeriodoSort = PeriodoSortField | `-${PeriodoSortField}`;

/** GET /api/eventos/:id/periodos query; default sort `fechaInicio`, pageSize 100 (max 1000). */
export const PeriodoListQuerySchema = Type.Object({
  q: Type.Optional(searchTextSchema(200)),
  sort: Type.Optional(Type.Union(PERIODO_SORTS.map((s) => Type.Literal(s)))),
  page: Type.Optional(pageSchema()),
  pageSize: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: PERIODOS_PAGE_SIZE_MAX,
      default: PERIODOS_PAGE_SIZE_DEFAULT,
    }),
  ),
});
export type PeriodoListQuery = Static<typeof PeriodoListQuerySchema>;

export const PeriodoListSchema = Type.Object({
  items: Type.Array(PeriodoSchema),
  total: Type.Integer(),
  page: Type.Integer(),
  pageSize: Type.Integer(),
});
/** 200 of GET /api/eventos/:id/periodos. */
export type PeriodoList = Static<typeof PeriodoListSchema>;
