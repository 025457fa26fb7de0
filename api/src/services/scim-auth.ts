/**
 * Who a SCIM request acts for (issue #17): the connection of its bearer token. A connection acts
 * with the authority of the user who created it — re-read at every request, so the delegation
 * rules (DESIGN.md §8) apply to what a directory does exactly as to what that user could do in
 * the console, and the token stops working (401) the moment that user is deactivated, deleted or
 * loses `configuracion:gestionar`. Audit rows name the connection: actor e-mail
 * `scim:<nombre>`, actor id null, `cambios.conexionScim` its id.
 */
import { hasPermission } from '@gestion/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import { ScimError } from '../lib/scim/errors';
import { insertAudit } from '../repositories/auditoria-repository';
import { findConexionActiva, touchConexion } from '../repositories/scim-conexiones-repository';
import { hashToken } from '../repositories/sesiones-repository';
import { findUserWithRoles } from '../repositories/usuarios-repository';
import type { AuditRecorder, SignedInCaller } from './service-deps';

/** `ultimo_uso_en` is written at most this often (ms): 5 minutes. */
export const SCIM_TOUCH_EVERY_MS = 5 * 60_000;

/** A SCIM request's caller: the creator's authority, the connection's name in the audit. */
export interface ScimCaller extends SignedInCaller {
  conexion: { id: number; nombre: string };
}

/** 401 in the SCIM error shape (RFC 7644 §3.12; §2: the scheme is the provider's choice). */
export const scimUnauthorized = () =>
  new ScimError(401, undefined, 'Token de aprovisionamiento ausente, revocado o no válido');

/**
 * The caller of `token`.
 * @throws ScimError 401: unknown or revoked token, or its creator is gone, inactive or no longer
 *   holds configuracion:gestionar.
 */
export async function scimCallerOf(
  db: Kysely<Database>,
  token: string | undefined,
  ip: string,
  now: number,
): Promise<ScimCaller> {
  if (!token) throw scimUnauthorized();
  const conexion = await findConexionActiva(db, hashToken(token));
  if (!conexion || conexion.creadoPor === null) throw scimUnauthorized();
  const user = await findUserWithRoles(db, conexion.creadoPor);
  if (!user?.activo || !hasPermission(user, 'configuracion:gestionar')) throw scimUnauthorized();
  if (conexion.ultimoUsoEn === null || now - conexion.ultimoUsoEn >= SCIM_TOUCH_EVERY_MS)
    await touchConexion(db, conexion.id, now);
  return { user, ip, conexion: { id: conexion.id, nombre: conexion.nombre } };
}

/**
 * The audit recorder of SCIM writes: a `ScimCaller` is recorded as the connection; any other
 * caller as usual (so one recorder serves the services the SCIM routes build).
 */
export function scimAuditRecorder(db: Kysely<Database>, now: () => number): AuditRecorder {
  return (caller, entry, tx) => {
    const c = (caller as Partial<ScimCaller>).conexion;
    return insertAudit(tx ?? db, {
      ...entry,
      ...(c
        ? {
            cambios: { ...(entry.cambios as object | undefined), conexionScim: c.id },
            actorId: null,
            actorEmail: `scim:${c.nombre}`,
          }
        : { actorId: caller.user?.id ?? null, actorEmail: caller.user?.email ?? null }),
      ip: caller.ip,
      at: now(),
    });
  };
}
