/**
 * Saved reports (issue #6, DESIGN.md §6 "/informes"): their schema, the report types, and the
 * answer of running one. The api validates with these; remote-informes types its calls with them.
 *
 * | Method and path                                   | Permission        | Success            |
 * |---------------------------------------------------|-------------------|--------------------|
 * | GET    /api/informes?q&tipo&sort&page&pageSize    | informes:ver      | 200 InformeList    |
 * | POST   /api/informes                              | informes:crear    | 201 Informe        |
 * | GET    /api/informes/:id                          | informes:ver      | 200 Informe        |
 * | PATCH  /api/informes/:id (with `version`)         | informes:crear + author or admin | 200 Informe |
 * | DELETE /api/informes/:id                          | informes:eliminar + author or admin | 204 |
 * | GET    /api/informes/:id/resultado?page&pageSize  | informes:ver      | 200 InformeResultado |
 * | GET    /api/informes/:id/resultado.csv?separador  | informes:exportar | 200 text/csv       |
 *
 * Running or exporting a report also needs the read permission of the data it shows
 * (`INFORME_PERMISO_DATOS`): eventos:ver, periodos:ver, usuarios:ver or auditoria:ver. Creating
 * or editing a report needs it too (usuarios:ver for one over usuarios, as filtering them does;
 * auditoria:ver for `actividad`), so nobody saves a report they could not run (403).
 *
 * Who sees and changes what (issue #13; the rules are `puedeEjecutarInforme` and
 * `puedeGestionarInforme` below, used by the api to refuse and by remote-informes to hide):
 * - the list holds only the reports the caller may run (their data permission);
 * - `GET /api/informes/:id` of a report whose data the caller may not read answers it without
 *   its filter (`filtros: null`, `filtrosOcultos: true`): the stored values are that data;
 * - only the report's author or an admin edits or deletes it (403 `FORBIDDEN` otherwise, with
 *   `INFORMES_MESSAGES.soloAutorEditar` / `soloAutorEliminar`); a report whose author was
 *   deleted is changed by admins only.
 *
 * The CSV (`resultado.csv`) holds the whole result, not one page: UTF-8 with a BOM, CRLF, the
 * columnas' `titulo`s as header, `separador` `,` (default) or `;`, cells quoted as RFC 4180 says
 * and a cell starting with `=`, `+`, `-`, `@`, TAB or CR neutralised with a leading `'` (OWASP
 * CSV injection). Streamed, so a million rows keep the server's memory flat.
 *
 * Errors: 400 `VALIDATION_ERROR` (a bad filter is named as in filtrado.ts), 403, 404
 * `NOT_FOUND`, 409 `VERSION_CONFLICT` for a stale `version`.
 */
import { Type, type Static } from '@sinclair/typebox';
import { hasPermission, hasRole, type RoleHolder } from '../auth/checks';
import { ADMIN_ROLE, type PermissionName } from '../auth/permissions';
import { FiltroGuardadoSchema, type FiltroEntidad, type FiltroGuardado } from './filtrado';
import { pageSchema, searchTextSchema } from './listas';

/** The report types (issue #6). */
export const INFORME_TIPOS = [
  'listado',
  'eventos-por-estado',
  'eventos-por-mes',
  'periodos-por-evento',
  'usuarios-por-rol',
  'actividad',
] as const;
export type InformeTipo = (typeof INFORME_TIPOS)[number];

/** Spanish name of each type (the list and the "create from a type" menu). */
export const INFORME_TIPO_LABELS: Readonly<Record<InformeTipo, string>> = {
  listado: 'Listado filtrado',
  'eventos-por-estado': 'Eventos por estado',
  'eventos-por-mes': 'Eventos por mes',
  'periodos-por-evento': 'Periodos por evento',
  'usuarios-por-rol': 'Usuarios por rol',
  actividad: 'Actividad (auditoría por día)',
};

/**
 * The entity whose rows a type counts or lists; a type's optional `filtros` must be over this
 * entity (`listado` takes any of the three and requires `filtros`; `actividad` takes none).
 */
export const INFORME_ENTIDAD: Readonly<Record<InformeTipo, FiltroEntidad | null>> = {
  listado: null,
  'eventos-por-estado': 'eventos',
  'eventos-por-mes': 'eventos',
  'periodos-por-evento': 'periodos',
  'usuarios-por-rol': 'usuarios',
  actividad: null,
};

/** The permission that the data behind a report needs, by entity (`actividad`: auditoria:ver). */
export const INFORME_PERMISO_DATOS: Readonly<Record<FiltroEntidad | 'auditoria', PermissionName>> =
  {
    eventos: 'eventos:ver',
    periodos: 'periodos:ver',
    usuarios: 'usuarios:ver',
    auditoria: 'auditoria:ver',
  };

/** How a report's chart draws its `serie`: bars for counts, lines for series over time. */
export const INFORME_GRAFICO: Readonly<Record<InformeTipo, 'barras' | 'lineas'>> = {
  listado: 'barras',
  'eventos-por-estado': 'barras',
  'eventos-por-mes': 'lineas',
  'periodos-por-evento': 'barras',
  'usuarios-por-rol': 'barras',
  actividad: 'lineas',
};

export const INFORME_NOMBRE_MAX_LENGTH = 200;
export const INFORME_DESCRIPCION_MAX_LENGTH = 2000;
export const INFORMES_PAGE_SIZE_DEFAULT = 25;
export const INFORMES_PAGE_SIZE_MAX = 100;
/** Default and largest page of a report's result rows. */
export const RESULTADO_PAGE_SIZE_DEFAULT = 50;
export const RESULTADO_PAGE_SIZE_MAX = 500;
/** Most points a chart gets (`serie`); longer results keep their first points by the type's order. */
export const SERIE_MAX_PUNTOS = 50;

export const InformeTipoSchema = Type.Union(INFORME_TIPOS.map((t) => Type.Literal(t)));

/** A saved report (issue #6). `creadoPor` is null once its author has been deleted. */
export const InformeSchema = Type.Object(
  {
    id: Type.Integer(),
    nombre: Type.String(),
    descripcion: Type.String(),
    tipo: InformeTipoSchema,
    filtros: Type.Union([FiltroGuardadoSchema, Type.Null()]),
    creadoPor: Type.Union([
      Type.Object({ id: Type.Integer(), nombre: Type.String() }),
      Type.Null(),
    ]),
    /** ISO 8601 UTC. */
    creadoEn: Type.String(),
    /** ISO 8601 UTC. */
    actualizadoEn: Type.String(),
    version: Type.Integer(),
    /**
     * True when `filtros` was withheld (answered null) because the caller may not read the
     * report's data (issue #13); absent otherwise.
     */
    filtrosOcultos: Type.Optional(Type.Boolean()),
  },
  { $id: 'Informe' },
);
export type Informe = Static<typeof InformeSchema>;

/** POST /api/informes body. `filtros` required for `listado`, optional for counts, none for `actividad`. */
export const InformeCreateSchema = Type.Object(
  {
    nombre: Type.String({ maxLength: INFORME_NOMBRE_MAX_LENGTH }),
    descripcion: Type.Optional(
      Type.Union([Type.String({ maxLength: INFORME_DESCRIPCION_MAX_LENGTH }), Type.Null()]),
    ),
    tipo: InformeTipoSchema,
    filtros: Type.Optional(Type.Union([FiltroGuardadoSchema, Type.Null()])),
  },
  { additionalProperties: false },
);
export type InformeCreate = Static<typeof InformeCreateSchema>;

/** PATCH /api/informes/:id body: any subset plus the `version` it was based on (`tipo` is fixed). */
export const InformePatchSchema = Type.Object(
  {
    nombre: Type.Optional(Type.String({ maxLength: INFORME_NOMBRE_MAX_LENGTH })),
    descripcion: Type.Optional(
      Type.Union([Type.String({ maxLength: INFORME_DESCRIPCION_MAX_LENGTH }), Type.Null()]),
    ),
    filtros: Type.Optional(Type.Union([FiltroGuardadoSchema, Type.Null()])),
    version: Type.Integer({ minimum: 1 }),
  },
  { additionalProperties: false },
);
export type InformePatch = Static<typeof InformePatchSchema>;

export const INFORME_SORT_FIELDS = ['nombre', 'tipo', 'creadoEn', 'actualizadoEn'] as const;
export const INFORME_SORTS = INFORME_SORT_FIELDS.flatMap((f) => [f, `-${f}`] as const);

/** GET /api/informes query: `q` matches nombre (case-insensitive); default sort `-creadoEn`. */
export const InformeListQuerySchema = Type.Object({
  q: Type.Optional(searchTextSchema(200)),
  tipo: Type.Optional(InformeTipoSchema),
  sort: Type.Optional(Type.Union(INFORME_SORTS.map((s) => Type.Literal(s)))),
  page: Type.Optional(pageSchema()),
  pageSize: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: INFORMES_PAGE_SIZE_MAX,
      default: INFORMES_PAGE_SIZE_DEFAULT,
    }),
  ),
});
export type InformeListQuery = Static<typeof InformeListQuerySchema>;

export const InformeListSchema = Type.Object({
  items: Type.Array(InformeSchema),
  total: Type.Integer(),
  page: Type.Integer(),
  pageSize: Type.Integer(),
});
export type InformeList = Static<typeof InformeListSchema>;

/** One column of a result: `campo` keys the rows, `titulo` is the Spanish header. */
export const ColumnaSchema = Type.Object({
  campo: Type.String(),
  titulo: Type.String(),
  tipo: Type.Union([
    Type.Literal('texto'),
    Type.Literal('numero'),
    Type.Literal('fecha'),
    Type.Literal('booleano'),
  ]),
});
export type Columna = Static<typeof ColumnaSchema>;

/** One point of the chart: a category or period (`etiqueta`) and its count (`valor`). */
export const PuntoSchema = Type.Object({ etiqueta: Type.String(), valor: Type.Number() });
export type Punto = Static<typeof PuntoSchema>;

/**
 * 200 of GET /api/informes/:id/resultado: one page of `filas` (objects keyed by `columnas[].campo`;
 * dates ISO 8601 UTC), `total` rows over all pages, and the chart's `serie` (whole result, at most
 * `SERIE_MAX_PUNTOS`) drawn as `grafico`.
 *
 * What each type answers (rows in this order):
 * - `listado`: the filtered entity's rows (its list fields); serie = rows per estado (eventos),
 *   per evento (periodos, top by count) or per estado activo/inactivo (usuarios).
 * - `eventos-por-estado`: `estado`, `total` — every state, zeros included.
 * - `eventos-por-mes`: `mes` (`YYYY-MM` of fechaInicio, UTC), `total`, oldest first.
 * - `periodos-por-evento`: `eventoId`, `evento`, `total` — events with periods, most first.
 * - `usuarios-por-rol`: `rol`, `total` — every role, zeros included.
 * - `actividad`: `dia` (`YYYY-MM-DD`, UTC), `total` audit events, oldest first.
 */
export const InformeResultadoSchema = Type.Object({
  columnas: Type.Array(ColumnaSchema),
  filas: Type.Array(
    Type.Record(
      Type.String(),
      Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null()]),
    ),
  ),
  serie: Type.Array(PuntoSchema),
  grafico: Type.Union([Type.Literal('barras'), Type.Literal('lineas')]),
  total: Type.Integer(),
  page: Type.Integer(),
  pageSize: Type.Integer(),
});
export type InformeResultado = Static<typeof InformeResultadoSchema>;

/** GET /api/informes/:id/resultado query. */
export const ResultadoQuerySchema = Type.Object({
  page: Type.Optional(pageSchema()),
  pageSize: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: RESULTADO_PAGE_SIZE_MAX,
      default: RESULTADO_PAGE_SIZE_DEFAULT,
    }),
  ),
});
export type ResultadoQuery = Static<typeof ResultadoQuerySchema>;

/** The CSV separators `resultado.csv?separador=` accepts (`,` by default). */
export const CSV_SEPARADORES = [',', ';'] as const;
export const ResultadoCsvQuerySchema = Type.Object({
  separador: Type.Optional(Type.Union(CSV_SEPARADORES.map((s) => Type.Literal(s)))),
});
export type ResultadoCsvQuery = Static<typeof ResultadoCsvQuerySchema>;

/** Spanish texts of the reports' refusals. */
export const INFORMES_MESSAGES = {
  informeNotFound: 'El informe no existe',
  nombreRequired: 'El nombre es obligatorio',
  filtrosRequired: 'Un listado necesita un filtro',
  /** `{tipo}` and `{entidad}`. */
  filtrosEntidad: 'El informe «{tipo}» solo admite filtros sobre {entidad}',
  filtrosNoAdmitidos: 'El informe «{tipo}» no admite filtros',
  /** 403 of PATCH by someone other than the author or an admin. */
  soloAutorEditar: 'Solo el autor del informe o un administrador puede editarlo',
  /** 403 of DELETE by someone other than the author or an admin. */
  soloAutorEliminar: 'Solo el autor del informe o un administrador puede eliminarlo',
} as const;

/**
 * Whose data a report shows: the type's entity, a `listado`'s filter entity, or the audit log
 * for `actividad`; undefined for a listado without a known entity (it cannot run anyway).
 */
export function datosDeInforme(
  tipo: InformeTipo,
  filtros: FiltroGuardado | null | undefined,
): FiltroEntidad | 'auditoria' | undefined {
  if (tipo === 'actividad') return 'auditoria';
  if (tipo !== 'listado') return INFORME_ENTIDAD[tipo] ?? undefined;
  const entidad = filtros?.entidad;
  return entidad === 'eventos' || entidad === 'periodos' || entidad === 'usuarios'
    ? entidad
    : undefined;
}

/**
 * True when `user` may read the data a report of `tipo` with `filtros` shows
 * (`INFORME_PERMISO_DATOS`): what running it, listing it and seeing its filter need, besides
 * informes:ver.
 */
export function puedeEjecutarInforme(
  user: RoleHolder | null | undefined,
  informe: { tipo: InformeTipo; filtros: FiltroGuardado | null | undefined },
): boolean {
  const datos = datosDeInforme(informe.tipo, informe.filtros);
  return datos === undefined || hasPermission(user, INFORME_PERMISO_DATOS[datos]);
}

/**
 * True when `user` may edit or delete the report: its author or an admin (issue #13). The
 * route's own permission (informes:crear to edit, informes:eliminar to delete) is checked
 * besides; a report without author (deleted user) is left to admins.
 */
export function puedeGestionarInforme(
  user: (RoleHolder & { id: number }) | null | undefined,
  informe: { creadoPor: { id: number } | null },
): boolean {
  if (!user) return false;
  return hasRole(user, ADMIN_ROLE) || informe.creadoPor?.id === user.id;
}
