/**
 * /api/auditoria (auditoria:ver, issue #4): every write and every auth event, newest first.
 */
import { Type, type Static } from '@sinclair/typebox';
import { pageSchema, searchTextSchema, TEXTO_SIN_NUL_PATTERN } from './listas';
import { ADMIN_PAGE_SIZE_DEFAULT, ADMIN_PAGE_SIZE_MAX, pagedListSchema } from './usuarios';

/**
 * One audit entry. `cambios` is what the write recorded: for updates
 * `{antes: {campo: valor}, despues: {campo: valor}}` with only the changed fields, for creates
 * `{despues}`, for deletes `{antes}`; auth events carry their own small objects (e.g.
 * `{motivo}` of a failed sign-in). Never a password, hash or token.
 */
export const AuditoriaEntrySchema = Type.Object({
  id: Type.Integer(),
  actorId: Type.Union([Type.Integer(), Type.Null()]),
  actorEmail: Type.Union([Type.String(), Type.Null()]),
  /** `<recurso>.<verbo>`, e.g. `usuarios.crear`, `roles.eliminar`, `auth.login`. */
  accion: Type.String(),
  objetivoTipo: Type.Union([Type.String(), Type.Null()]),
  objetivoId: Type.Union([Type.String(), Type.Null()]),
  /**
   * The target's current name (a user's, role's, event's, period's or report's `nombre`) so the
   * console can word the entry ("Editó a Ana Ruiz: nombre", issue #14); null when the target is
   * gone or has no name. Listing only (not in the CSV export).
   */
  objetivoNombre: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  cambios: Type.Union([Type.Unknown(), Type.Null()]),
  ip: Type.Union([Type.String(), Type.Null()]),
  /** ISO 8601. */
  creadoEn: Type.String({ format: 'date-time' }),
});
export type AuditoriaEntry = Static<typeof AuditoriaEntrySchema>;

/**
 * GET /api/auditoria and GET /api/auditoria/export (CSV, every matching row) query.
 * - `actor`: part of the actor's e-mail (case-insensitive), or a user id.
 * - `accion`: an exact action (`usuarios.crear`) or a resource prefix (`usuarios`).
 * - `objetivo`: a target type (`usuario`) or `tipo:id` (`usuario:12`).
 * - `desde`/`hasta`: ISO 8601 date or date-time, inclusive; a bare date `hasta` covers that
 *   whole day (UTC). Bad dates → 400 with details.
 * - `q`: part of the e-mail, action or target id.
 * - `sort`: `creadoEn` or `-creadoEn` (default, newest first).
 */
export const AuditoriaQuerySchema = Type.Object({
  q: Type.Optional(searchTextSchema(200)),
  actor: Type.Optional(searchTextSchema(254)),
  accion: Type.Optional(searchTextSchema(60)),
  objetivo: Type.Optional(Type.String({ maxLength: 320, pattern: TEXTO_SIN_NUL_PATTERN })),
  desde: Type.Optional(Type.String({ maxLength: 40 })),
  hasta: Type.Optional(Type.String({ maxLength: 40 })),
  sort: Type.Optional(Type.String({ pattern: '^-?creadoEn$', default: '-creadoEn' })),
  page: pageSchema(),
  pageSize: Type.Integer({
    minimum: 1,
    maximum: ADMIN_PAGE_SIZE_MAX,
    default: ADMIN_PAGE_SIZE_DEFAULT,
  }),
});
export type AuditoriaQuery = Static<typeof AuditoriaQuerySchema>;

/** 200 of GET /api/auditoria. */
export const AuditoriaPageSchema = pagedListSchema(AuditoriaEntrySchema);
export type AuditoriaPage = Static<typeof AuditoriaPageSchema>;

/** Columns of GET /api/auditoria/export (`cambios` as JSON text). */
export const AUDITORIA_CSV_COLUMNS = [
  'creadoEn',
  'actorEmail',
  'accion',
  'objetivoTipo',
  'objetivoId',
  'ip',
  'cambios',
] as const;
