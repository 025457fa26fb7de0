/**
 * The filter builder (issue #6, DESIGN.md §6 "/filtrado"): which fields of which entity may be
 * filtered with which operators, and the request/answer of `POST /api/filtrado`. One whitelist
 * here serves the api (it refuses everything else) and remote-informes (it offers exactly this).
 *
 * | Method and path     | Permission                                  | Success          |
 * |---------------------|---------------------------------------------|------------------|
 * | POST /api/filtrado  | filtrado:usar (+ usuarios:ver for usuarios) | 200 FiltradoPage |
 *
 * Conditions combine with AND. A value is always a bound parameter, typed by its field: `fecha`
 * values are ISO 8601 with a zone (as every date of the api), `numero` values JSON numbers,
 * `booleano` values `true`/`false`, `enum` values one of the field's `valores`.
 *
 * Value shape by operator:
 * - `eq`, `ne`, `lt`, `lte`, `gt`, `gte`, `contiene`, `empieza`: one scalar;
 * - `entre`: `[desde, hasta]`, both ends included;
 * - `en`: a non-empty array (at most `FILTRO_EN_MAX` values).
 * `contiene` and `empieza` compare case-insensitively; `eq`/`ne` on text compare exactly.
 * `ne` on a field that can be empty (`responsableId`, `ultimoAcceso`) keeps the empty rows.
 *
 * Errors: 400 `VALIDATION_ERROR` whose `message` names the offending entity, field, operator or
 * value and whose `details[].field` points at it (`filtros[2].operador`, `sort`, …).
 */
import { Type, type Static } from '@sinclair/typebox';
import { EVENTO_ESTADOS } from './eventos';
import { pageSchema } from './listas';

/** The entities the filter builder works on. */
export const FILTRO_ENTIDADES = ['eventos', 'periodos', 'usuarios'] as const;
export type FiltroEntidad = (typeof FILTRO_ENTIDADES)[number];

/** Every operator the api knows (issue #6). */
export const FILTRO_OPERADORES = [
  'eq',
  'ne',
  'lt',
  'lte',
  'gt',
  'gte',
  'contiene',
  'empieza',
  'entre',
  'en',
] as const;
export type FiltroOperador = (typeof FILTRO_OPERADORES)[number];

/** How a field's values are typed, parsed and compared. */
export type FiltroTipo = 'texto' | 'numero' | 'fecha' | 'enum' | 'booleano';

/** The operators each type of field accepts (a field may narrow them with `operadores`). */
export const OPERADORES_POR_TIPO: Readonly<Record<FiltroTipo, readonly FiltroOperador[]>> = {
  texto: ['eq', 'ne', 'contiene', 'empieza', 'en'],
  numero: ['eq', 'ne', 'lt', 'lte', 'gt', 'gte', 'entre', 'en'],
  fecha: ['eq', 'ne', 'lt', 'lte', 'gt', 'gte', 'entre'],
  enum: ['eq', 'ne', 'en'],
  booleano: ['eq', 'ne'],
};

/** One filterable field of an entity. */
export interface FiltroCampo {
  /** The JSON field name, as in the entity's contract (`fechaInicio`). */
  readonly campo: string;
  readonly tipo: FiltroTipo;
  /** Spanish label for the builder. */
  readonly etiqueta: string;
  /** The allowed values of an `enum` field. */
  readonly valores?: readonly string[];
  /** Narrower operator list than the type's (e.g. `rol`: only eq, ne, en). */
  readonly operadores?: readonly FiltroOperador[];
  /** False when the field cannot be a sort key (default true). */
  readonly ordenable?: boolean;
}

/**
 * The whitelist (issue #6): the only fields `POST /api/filtrado` accepts, per entity. Items come
 * back in the shape of the entity's own list endpoint (`Evento`, `Periodo`, `Usuario`).
 * `usuarios.rol` matches users holding (`eq`, `en`) or not holding (`ne`) a role by nombre.
 */
export const FILTRO_CAMPOS: Readonly<Record<FiltroEntidad, readonly FiltroCampo[]>> = {
  eventos: [
    { campo: 'id', tipo: 'numero', etiqueta: 'Id' },
    { campo: 'nombre', tipo: 'texto', etiqueta: 'Nombre' },
    { campo: 'descripcion', tipo: 'texto', etiqueta: 'Descripción', ordenable: false },
    { campo: 'lugar', tipo: 'texto', etiqueta: 'Lugar' },
    { campo: 'estado', tipo: 'enum', etiqueta: 'Estado', valores: EVENTO_ESTADOS },
    { campo: 'fechaInicio', tipo: 'fecha', etiqueta: 'Fecha de inicio' },
    { campo: 'fechaFin', tipo: 'fecha', etiqueta: 'Fecha de fin' },
    { campo: 'responsableId', tipo: 'numero', etiqueta: 'Responsable (id)' },
    { campo: 'creadoEn', tipo: 'fecha', etiqueta: 'Creado' },
    { campo: 'actualizadoEn', tipo: 'fecha', etiqueta: 'Actualizado' },
  ],
  periodos: [
    { campo: 'id', tipo: 'numero', etiqueta: 'Id' },
    { campo: 'eventoId', tipo: 'numero', etiqueta: 'Evento (id)' },
    { campo: 'nombre', tipo: 'texto', etiqueta: 'Nombre' },
    { campo: 'descripcion', tipo: 'texto', etiqueta: 'Descripción', ordenable: false },
    { campo: 'fechaInicio', tipo: 'fecha', etiqueta: 'Fecha de inicio' },
    { campo: 'fechaFin', tipo: 'fecha', etiqueta: 'Fecha de fin' },
  ],
  usuarios: [
    { campo: 'id', tipo: 'numero', etiqueta: 'Id' },
    { campo: 'email', tipo: 'texto', etiqueta: 'Correo electrónico' },
    { campo: 'nombre', tipo: 'texto', etiqueta: 'Nombre' },
    { campo: 'activo', tipo: 'booleano', etiqueta: 'Activo' },
    {
      campo: 'rol',
      tipo: 'texto',
      etiqueta: 'Rol',
      operadores: ['eq', 'ne', 'en'],
      ordenable: false,
    },
    { campo: 'creadoEn', tipo: 'fecha', etiqueta: 'Alta' },
    { campo: 'ultimoAcceso', tipo: 'fecha', etiqueta: 'Último acceso' },
  ],
};

/** The operators a field accepts: its own narrower list, or its type's. */
export function operadoresDe(campo: FiltroCampo): readonly FiltroOperador[] {
  return campo.operadores ?? OPERADORES_POR_TIPO[campo.tipo];
}

/** The whitelisted field `campo` of `entidad`, or undefined. */
export function findFiltroCampo(entidad: FiltroEntidad, campo: string): FiltroCampo | undefined {
  return FILTRO_CAMPOS[entidad].find((c) => c.campo === campo);
}

/** Most conditions in one filter, and most values of one `en`. */
export const FILTRO_MAX_CONDICIONES = 20;
export const FILTRO_EN_MAX = 100;
/** Longest text value (characters). */
export const FILTRO_VALOR_MAX_LENGTH = 200;

/** Default and largest `pageSize` of `POST /api/filtrado`. */
export const FILTRADO_PAGE_SIZE_DEFAULT = 20;
export const FILTRADO_PAGE_SIZE_MAX = 100;

const ScalarSchema = Type.Union([
  Type.String({ maxLength: FILTRO_VALOR_MAX_LENGTH }),
  Type.Number(),
  Type.Boolean(),
]);

/**
 * One condition. `campo` and `operador` are plain strings in the schema so the api can answer
 * with a message naming the unknown one (not a generic schema error).
 */
export const FiltroSchema = Type.Object(
  {
    campo: Type.String({ minLength: 1, maxLength: 64 }),
    operador: Type.String({ minLength: 1, maxLength: 16 }),
    valor: Type.Union([ScalarSchema, Type.Array(ScalarSchema, { maxItems: FILTRO_EN_MAX })]),
  },
  { additionalProperties: false },
);
export type Filtro = Static<typeof FiltroSchema>;

/**
 * A saved filter: what a `listado` report stores and what the builder sends, minus paging.
 * `sort` is `campo` or `-campo` of a sortable field (default `id`).
 */
export const FiltroGuardadoSchema = Type.Object(
  {
    entidad: Type.String({ minLength: 1, maxLength: 32 }),
    filtros: Type.Array(FiltroSchema, { maxItems: FILTRO_MAX_CONDICIONES }),
    sort: Type.Optional(Type.String({ minLength: 1, maxLength: 65 })),
  },
  { additionalProperties: false },
);
export type FiltroGuardado = Static<typeof FiltroGuardadoSchema>;

/** Body of `POST /api/filtrado`. */
export const FiltradoRequestSchema = Type.Object(
  {
    entidad: Type.String({ minLength: 1, maxLength: 32 }),
    filtros: Type.Array(FiltroSchema, { maxItems: FILTRO_MAX_CONDICIONES }),
    sort: Type.Optional(Type.String({ minLength: 1, maxLength: 65 })),
    page: Type.Optional(pageSchema()),
    pageSize: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: FILTRADO_PAGE_SIZE_MAX,
        default: FILTRADO_PAGE_SIZE_DEFAULT,
      }),
    ),
  },
  { additionalProperties: false },
);
export type FiltradoRequest = Static<typeof FiltradoRequestSchema>;

/**
 * 200 of `POST /api/filtrado`: one page of the entity's items in its list shape (`Evento`,
 * `Periodo` or `Usuario`), `total` over all pages.
 */
export const FiltradoPageSchema = Type.Object({
  items: Type.Array(Type.Record(Type.String(), Type.Unknown())),
  total: Type.Integer(),
  page: Type.Integer(),
  pageSize: Type.Integer(),
});
export type FiltradoPage = Static<typeof FiltradoPageSchema>;

/** Spanish texts of the filter's refusals; `{x}` placeholders are filled by `formatFiltradoMessage`. */
export const FILTRADO_MESSAGES = {
  entidadNoPermitida: 'Entidad no permitida: «{entidad}»',
  campoNoPermitido: 'Campo no permitido en {entidad}: «{campo}»',
  operadorNoPermitido: 'Operador no permitido para «{campo}»: «{operador}»',
  valorInvalido: 'Valor no válido para «{campo}»',
  valorNoEsNumero: 'El valor de «{campo}» debe ser un número',
  valorNoEsFecha: 'El valor de «{campo}» debe ser una fecha ISO 8601 con zona horaria',
  valorNoEsBooleano: 'El valor de «{campo}» debe ser verdadero o falso',
  valorNoPermitido: 'Valor no permitido para «{campo}»: «{valor}»',
  entreNecesitaDos: '«entre» necesita dos valores: desde y hasta',
  enNecesitaLista: '«en» necesita una lista de valores',
  ordenNoPermitido: 'No se puede ordenar por «{campo}»',
  /** A text value holding NUL (U+0000): see TEXTO_SIN_NUL_PATTERN in listas.ts. */
  valorConNul: 'El valor de «{campo}» no puede contener el carácter nulo (U+0000)',
} as const;

/** Replaces `{key}` placeholders of a `FILTRADO_MESSAGES` text. */
export function formatFiltradoMessage(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (all, key: string) => values[key] ?? all);
}
