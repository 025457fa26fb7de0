/**
 * /api/scim/tokens (issue #17): the SCIM connections' bearer tokens. A token is
 * `gdu_scim_` + 256 random bits in base64url, returned once; only its SHA-256 is stored (ASVS
 * 5.0 V13.3: secrets are not retrievable). Several may be live at once so a directory's token
 * can be rotated without a gap (`SCIM_CONEXIONES_MAX`). Create and revoke are audited
 * (`scim.conexion_creada`, `scim.conexion_revocada`) with the console user as actor.
 */
import {
  SCIM_CONEXIONES_MAX,
  SCIM_TOKEN_PREFIX,
  SCIM_TOKENS_ERROR_CODES,
  SCIM_TOKENS_MESSAGES,
  type ConexionScim,
  type ScimTokenCreado,
} from '@gestion/shared';
import { HttpError, validationError } from '../lib/http-errors';
import {
  countConexionesActivas,
  insertConexion,
  listConexionesActivas,
  revokeConexion,
} from '../repositories/scim-conexiones-repository';
import { hashToken, newToken } from '../repositories/sesiones-repository';
import { auditorFor, type ServiceDeps, type SignedInCaller } from './service-deps';

/** Characters of the token kept as `prefijo` (`gdu_scim_` and 4 more). */
const PREFIJO_LENGTH = SCIM_TOKEN_PREFIX.length + 4;

/** The token use cases over one database. */
export function createScimTokensService(deps: ServiceDeps) {
  const { db, now } = deps;
  return {
    list: (): Promise<ConexionScim[]> => listConexionesActivas(db),

    /**
     * POST /api/scim/tokens: a new connection and its token (shown once).
     * @throws 400 (nombre empty), 409 SCIM_CONEXIONES_LIMITE.
     */
    async create(nombreIn: string, caller: SignedInCaller): Promise<ScimTokenCreado> {
      const nombre = nombreIn.trim();
      if (nombre === '')
        throw validationError([{ field: 'nombre', message: SCIM_TOKENS_MESSAGES.nombreObligatorio }]);
      const token = SCIM_TOKEN_PREFIX + newToken();
      const audit = auditorFor(deps.audit, caller);
      return db.transaction().execute(async (tx) => {
        if ((await countConexionesActivas(tx)) >= SCIM_CONEXIONES_MAX)
          throw new HttpError(409, SCIM_TOKENS_ERROR_CODES.limite, SCIM_TOKENS_MESSAGES.limite);
        const conexion = await insertConexion(tx, {
          nombre,
          tokenHash: hashToken(token),
          prefijo: token.slice(0, PREFIJO_LENGTH),
          creadoPor: caller.user.id,
          now: now(),
        });
        await audit(
          {
            accion: 'scim.conexion_creada',
            objetivoTipo: 'scim_conexion',
            objetivoId: conexion.id,
            cambios: { nombre, prefijo: conexion.prefijo },
          },
          tx,
        );
        return { token, conexion };
      });
    },

    /**
     * DELETE /api/scim/tokens/:id: revokes at once (the next SCIM call with it gets 401).
     * @throws 404 SCIM_CONEXION_NO_ENCONTRADA (unknown or already revoked).
     */
    async revoke(id: number, caller: SignedInCaller): Promise<void> {
      const audit = auditorFor(deps.audit, caller);
      await db.transaction().execute(async (tx) => {
        const row = await revokeConexion(tx, id, now());
        if (!row)
          throw new HttpError(
            404,
            SCIM_TOKENS_ERROR_CODES.noEncontrada,
            SCIM_TOKENS_MESSAGES.noEncontrada,
          );
        await audit(
          {
            accion: 'scim.conexion_revocada',
            objetivoTipo: 'scim_conexion',
            objetivoId: id,
            cambios: { nombre: row.nombre, prefijo: row.prefijo },
          },
          tx,
        );
      });
    },
  };
}
