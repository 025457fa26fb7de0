/**
 * /api/sesiones (issue #4): the signed-in user's own sessions. Needs only a session (no
 * permission). Revoking: `DELETE /api/sesiones/:id` → 204 (404 for a session that is not the
 * caller's); `POST /api/sesiones/revocar-otras` → 200 `{revocadas}` (every session but the
 * current one).
 */
import { Type, type Static } from '@sinclair/typebox';
import { pagedListSchema } from './usuarios';

export const SesionSchema = Type.Object({
  id: Type.Integer(),
  /** Readable device from the User-Agent, e.g. `Chrome en Windows`; `Desconocido` without one. */
  dispositivo: Type.String(),
  /**
   * The parts `dispositivo` is composed of, so a page words the device in its reader's language
   * ("Chrome on Windows", issue #14): the browser (`Chrome`, `Firefox`, …) and the operating
   * system (`Windows`, `iOS`, …) recognised in the User-Agent, each null when not recognised.
   * `dispositivo` stays, in Spanish, for api clients.
   */
  navegador: Type.Union([Type.String(), Type.Null()]),
  sistema: Type.Union([Type.String(), Type.Null()]),
  userAgent: Type.Union([Type.String(), Type.Null()]),
  ip: Type.Union([Type.String(), Type.Null()]),
  /** ISO 8601. */
  creadaEn: Type.String({ format: 'date-time' }),
  /** Last use, ISO 8601 (precise to about a minute). */
  ultimoUso: Type.String({ format: 'date-time' }),
  /** Absolute expiry, ISO 8601. */
  expiraEn: Type.String({ format: 'date-time' }),
  /** True for the session making this request. */
  actual: Type.Boolean(),
});
export type Sesion = Static<typeof SesionSchema>;

/** 200 of GET /api/sesiones: every live session, most recently used first, in one page. */
export const SesionesPageSchema = pagedListSchema(SesionSchema);
export type SesionesPage = Static<typeof SesionesPageSchema>;
