/**
 * The user page of the console (issue #14, `/configuracion/usuarios/:id`): what
 * `GET /api/usuarios/:id` answers (a `Usuario` plus whether the e-mail was verified), and an
 * admin's view of one user's sessions — `GET /api/usuarios/:id/sesiones` (the live ones, most
 * recently used first, `actual` marking the caller's own) and `DELETE
 * /api/usuarios/:id/sesiones/:sesionId` → 204. Both sessions calls need usuarios:editar and obey
 * the delegation rule of `POST /api/usuarios/:id/sessions/revoke` (issue #13, rule 2: nobody
 * sees or ends the sessions of a user who holds more than they do). Kept apart from
 * `usuarios.ts` so the sign-in chunk, which takes constants from there, carries none of it.
 */
import { Type, type Static } from '@sinclair/typebox';
import { idSchema } from './listas';
import { UsuarioSchema } from './usuarios';

/** 200 of GET /api/usuarios/:id: the listed fields and `emailVerificado`. */
export const UsuarioDetalleSchema = Type.Composite([
  UsuarioSchema,
  Type.Object({
    /**
     * True once the user opened a verification link or was created by an administrator or an
     * invitation (issue #15); optional only for clients built before issue #14.
     */
    emailVerificado: Type.Optional(Type.Boolean()),
  }),
]);
export type UsuarioDetalle = Static<typeof UsuarioDetalleSchema>;

/** `:id` and `:sesionId` of DELETE /api/usuarios/:id/sesiones/:sesionId. */
export const UsuarioSesionParamsSchema = Type.Object({
  id: idSchema(),
  sesionId: idSchema('Id (entero desde 1) de la sesión, del usuario `id`'),
});
export type UsuarioSesionParams = Static<typeof UsuarioSesionParamsSchema>;

/** Audit action of an administrator ending one session of another user (target: the user). */
export const AUDIT_REVOCAR_SESION_USUARIO = 'usuarios.revocar_sesion';
