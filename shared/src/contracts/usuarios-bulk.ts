/**
 * POST /api/usuarios/bulk (issue #13, rule 5): one request for a bulk action of the console, so
 * a selection is handled by the server as a whole and never half-done by a client that was
 * signed out mid-way. Each user gets its own result; the caller's own account is never touched
 * (it answers `rechazado` with the reason), and every refusal is audited.
 *
 * Permissions: `usuarios:editar` for asignarRol, quitarRol, activar, desactivar and
 * revocarSesiones; `usuarios:eliminar` for eliminar. The delegation rules (shared
 * `auth/delegation.ts`) decide per user and, for the role actions, per role.
 *
 * The users are named either by `ids` or by `filtro` (issue #14, "all N matching"): the filter
 * fields of GET /api/usuarios (q, rol, activo, invitacionPendiente), resolved by the server when
 * the request arrives, at most BULK_MAX_IDS users (more → 400, field `filtro`, nothing done).
 *
 * Answers: 200 BulkUsuariosResponse; 400 VALIDATION_ERROR (details field `ids`,
 * BULK_MESSAGES.idsOrFiltro) unless exactly one of `ids` and `filtro` is sent; 400 VALIDATION_ERROR (details field `rol`,
 * ADMIN_MESSAGES.bulkRolRequired or unknownRole) when asignarRol/quitarRol lacks a known `rol`;
 * 403 FORBIDDEN for the whole request (details field `rol`, nothing done) when the caller may not
 * give or take that role (`canGrantRole`). The api runs each user's change in its own
 * transaction, through the single-user endpoint's rules: one refusal never undoes another user's
 * change.
 */
import { Type, type Static } from '@sinclair/typebox';
import { searchTextSchema } from './listas';

/** Most users one bulk request may name. */
export const BULK_MAX_IDS = 1000;

/** Spanish texts of the bulk endpoint's own refusals (apart from ADMIN_MESSAGES: see STYLE.md). */
export const BULK_MESSAGES = {
  /** 400 detail of `ids`: the body names its users by `ids` or by `filtro`, one of the two. */
  idsOrFiltro: 'Indique los usuarios por ids o por filtro (uno de los dos)',
  /** 400 detail of `filtro` when it matches more than BULK_MAX_IDS users. */
  tooManyMatching: `El filtro coincide con más de ${BULK_MAX_IDS} usuarios; acótelo para aplicar la acción a todos`,
} as const;

/**
 * The `filtro` of POST /api/usuarios/bulk: the filter fields of GET /api/usuarios
 * (UsuariosQuerySchema) with the same meaning; `{}` is every user.
 */
export const BulkFiltroSchema = Type.Object(
  {
    q: Type.Optional(searchTextSchema(200)),
    rol: Type.Optional(searchTextSchema(60)),
    activo: Type.Optional(Type.Boolean()),
    invitacionPendiente: Type.Optional(Type.Boolean()),
  },
  {
    additionalProperties: false,
    description: 'Los usuarios que coinciden con estos filtros de GET /api/usuarios (como mucho 1000)',
  },
);
export type BulkFiltro = Static<typeof BulkFiltroSchema>;

/** The actions of POST /api/usuarios/bulk. */
export const BULK_ACCIONES = [
  'asignarRol',
  'quitarRol',
  'activar',
  'desactivar',
  'eliminar',
  'revocarSesiones',
] as const;
export type BulkAccion = (typeof BULK_ACCIONES)[number];

/**
 * Body of POST /api/usuarios/bulk: `ids` or `filtro` (exactly one); `rol` (a role nombre) is
 * required by asignarRol and quitarRol.
 */
export const BulkUsuariosSchema = Type.Object(
  {
    accion: Type.Union(
      BULK_ACCIONES.map((a) => Type.Literal(a)),
      { description: 'Acción a aplicar a cada usuario' },
    ),
    ids: Type.Optional(
      Type.Array(Type.Integer({ minimum: 1 }), {
        minItems: 1,
        maxItems: BULK_MAX_IDS,
        description: 'Ids de los usuarios (como mucho 1000); o bien `filtro`',
      }),
    ),
    filtro: Type.Optional(BulkFiltroSchema),
    rol: Type.Optional(
      Type.String({ minLength: 1, maxLength: 60, description: 'Rol de asignarRol y quitarRol' }),
    ),
  },
  { additionalProperties: false, $id: 'BulkUsuarios' },
);
export type BulkUsuarios = Static<typeof BulkUsuariosSchema>;

/**
 * One user's result: `hecho` (done; also when there was nothing to change), or `rechazado` with
 * the Spanish `motivo` and the api error `code` it would have answered alone (FORBIDDEN,
 * CONFLICT, NOT_FOUND…). With `filtro` the server names each user it found (`nombre`, `email`),
 * since the caller never had the list.
 */
export const BulkResultadoSchema = Type.Object({
  id: Type.Integer(),
  nombre: Type.Optional(Type.String()),
  email: Type.Optional(Type.String()),
  estado: Type.Union([Type.Literal('hecho'), Type.Literal('rechazado')]),
  motivo: Type.Optional(Type.String()),
  code: Type.Optional(Type.String()),
});
export type BulkResultado = Static<typeof BulkResultadoSchema>;

/**
 * 200 of POST /api/usuarios/bulk: one result per distinct id, in the order sent (with `filtro`:
 * in the list's default order, by nombre).
 */
export const BulkUsuariosResponseSchema = Type.Object(
  {
    accion: Type.String(),
    resultados: Type.Array(BulkResultadoSchema),
    resumen: Type.Object({ hechos: Type.Integer(), rechazados: Type.Integer() }),
  },
  { $id: 'BulkUsuariosResponse' },
);
export type BulkUsuariosResponse = Static<typeof BulkUsuariosResponseSchema>;
