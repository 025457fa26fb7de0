/**
 * Personal API tokens (issue #17 "Personal API tokens"; contract in
 * shared/src/contracts/api-tokens.ts): create, list and revoke one's own; list and revoke
 * another user's under `usuarios:editar` and the delegation rules (issue #13 rule 2: only users
 * the caller may act on); list everyone's for the admin role. Every write is audited
 * (`tokens.creado`, `tokens.revocado`, on the owner), never with the secret.
 */
import {
  ADMIN_ROLE,
  API_TOKEN_MAX_DIAS,
  API_TOKENS_ERROR_CODES,
  API_TOKENS_MESSAGES,
  API_TOKENS_POR_USUARIO_MAX,
  hasPermission,
  hasRole,
  type ApiToken,
  type ApiTokenCreado,
  type ApiTokensPage,
  type ApiTokensQuery,
  type CreateApiToken,
  type PermissionName,
} from '@gestion/shared';
import { forbidden, HttpError, notFound, validationError } from '../lib/http-errors';
import {
  apiTokenOwner,
  countLiveApiTokens,
  deleteApiToken,
  insertApiToken,
  listApiTokens,
  newApiToken,
  type ApiTokenRow,
} from '../repositories/api-tokens-repository';
import { iso } from '../repositories/usuarios-admin-repository';
import type { Db } from '../db/types';
import { auditingRefusals, guardActOn } from './delegation-guard';
import { auditorFor, type ServiceDeps, type SignedInCaller } from './service-deps';
import { mustFindUsuario } from './usuarios-lookup';

const DAY_MS = 86_400_000;
/**
 * Audit actions, on the owner: `creado` (`cambios`: tokenId, nombre, permisos, expiraEn — never
 * the secret), `revocado` (`cambios`: tokenId).
 */
export const API_TOKENS_AUDIT = {
  creado: 'tokens.creado',
  revocado: 'tokens.revocado',
} as const;
/** The permission that lets a caller list and revoke other users' tokens (with delegation). */
export const ADMIN_TOKENS_PERMISSION: PermissionName = 'usuarios:editar';

/** A stored row as the contract shows it. */
export function toApiToken(r: ApiTokenRow, usuario?: ApiToken['usuario']): ApiToken {
  return {
    id: r.id,
    nombre: r.nombre,
    permisos: r.permisos.split(',') as PermissionName[],
    creadoEn: iso(r.creado_en),
    expiraEn: iso(r.expira_en),
    ultimoUso: r.ultimo_uso === null ? null : iso(r.ultimo_uso),
    prefijo: r.prefijo,
    ...(usuario ? { usuario } : {}),
  };
}

/** 400 with a code of API_TOKENS_ERROR_CODES and details naming `field`. */
function invalid(
  code: 'permisosNoValidos' | 'expiracionNoValida',
  field: string,
  messages: string[],
) {
  const message =
    code === 'permisosNoValidos' ? API_TOKENS_MESSAGES.permisosNoValidos : messages[0]!;
  return new HttpError(
    400,
    API_TOKENS_ERROR_CODES[code],
    message,
    messages.map((m) => ({ field, message: m })),
  );
}

/** The API token use cases over one database. */
export function createApiTokensService(deps: ServiceDeps) {
  const { db, now } = deps;

  /**
   * Refuses (403, audited) unless `caller` may manage `usuarioId`'s tokens: themselves always;
   * someone else with ADMIN_TOKENS_PERMISSION and delegation rule 2 ('revocarSesiones': a token
   * is a standing session). 404 for an unknown user.
   */
  async function guardOwner(tx: Db, caller: SignedInCaller, usuarioId: number, intento: object) {
    if (usuarioId === caller.user.id) return;
    if (!hasPermission(caller.user, ADMIN_TOKENS_PERMISSION)) throw forbidden();
    const target = await mustFindUsuario(tx, usuarioId);
    await guardActOn(tx, caller.user, target, 'revocarSesiones', { ...intento });
  }

  return {
    /**
     * POST /api/tokens: a token for the caller. The secret is returned here only.
     * @throws 400 TOKEN_EXPIRACION_NO_VALIDA (past, or > API_TOKEN_MAX_DIAS days ahead), 400
     *   TOKEN_PERMISOS_NO_VALIDOS (a permission the caller does not hold now; details name each),
     *   409 TOKEN_LIMITE_ALCANZADO (API_TOKENS_POR_USUARIO_MAX live tokens), 400
     *   VALIDATION_ERROR for a blank nombre.
     */
    async create(caller: SignedInCaller, input: CreateApiToken): Promise<ApiTokenCreado> {
      const t = now();
      const nombre = input.nombre.trim();
      if (!nombre)
        throw validationError([
          { field: 'nombre', message: API_TOKENS_MESSAGES.nombreObligatorio },
        ]);
      const expiraEn = Date.parse(input.expiraEn);
      if (!Number.isFinite(expiraEn) || expiraEn <= t)
        throw invalid('expiracionNoValida', 'expiraEn', [API_TOKENS_MESSAGES.expiracionPasada]);
      if (expiraEn > t + API_TOKEN_MAX_DIAS * DAY_MS)
        throw invalid('expiracionNoValida', 'expiraEn', [API_TOKENS_MESSAGES.expiracionLejana]);
      const permisos = [...new Set(input.permisos)];
      if (permisos.length === 0)
        throw invalid('permisosNoValidos', 'permisos', [API_TOKENS_MESSAGES.permisosVacios]);
      // The caller's CURRENT effective permissions (own roles and groups'), read fresh.
      const missing = permisos.filter((p) => !hasPermission(caller.user, p));
      if (missing.length > 0)
        throw invalid(
          'permisosNoValidos',
          'permisos',
          missing.map((p) => `${API_TOKENS_MESSAGES.permisoNoTenido}: ${p}`),
        );
      return db.transaction().execute(async (tx) => {
        if ((await countLiveApiTokens(tx, caller.user.id, t)) >= API_TOKENS_POR_USUARIO_MAX)
          throw new HttpError(
            409,
            API_TOKENS_ERROR_CODES.limiteAlcanzado,
            API_TOKENS_MESSAGES.limiteAlcanzado,
          );
        const secret = newApiToken();
        const row = await insertApiToken(tx, {
          usuarioId: caller.user.id,
          nombre,
          permisos,
          hash: secret.hash,
          prefijo: secret.prefijo,
          now: t,
          expiraEn,
        });
        await deps.audit(
          caller,
          {
            accion: API_TOKENS_AUDIT.creado,
            objetivoTipo: 'usuario',
            objetivoId: caller.user.id,
            cambios: { tokenId: row.id, nombre, permisos, expiraEn: iso(expiraEn) },
          },
          tx,
        );
        return { token: secret.token, apiToken: toApiToken(row) };
      });
    },

    /**
     * GET /api/tokens: the caller's tokens; `usuarioId` another user's (guardOwner); `todos`
     * everyone's, for the admin role only (403 otherwise). Newest first, paged.
     */
    async list(caller: SignedInCaller, q: ApiTokensQuery): Promise<ApiTokensPage> {
      const offset = (q.page - 1) * q.pageSize;
      if (q.todos) {
        if (!hasRole(caller.user, ADMIN_ROLE)) throw forbidden();
        const { rows, total } = await listApiTokens(db, undefined, offset, q.pageSize);
        const items = rows.map((r) =>
          toApiToken(r, { id: r.usuario_id, nombre: r.usuario_nombre, email: r.usuario_email }),
        );
        return { items, total, page: q.page, pageSize: q.pageSize };
      }
      const usuarioId = q.usuarioId ?? caller.user.id;
      await auditingRefusals(db, auditorFor(deps.audit, caller), () =>
        guardOwner(db, caller, usuarioId, { verTokens: true }),
      );
      const { rows, total } = await listApiTokens(db, usuarioId, offset, q.pageSize);
      return { items: rows.map((r) => toApiToken(r)), total, page: q.page, pageSize: q.pageSize };
    },

    /**
     * DELETE /api/tokens/:id: revokes a token at once. The caller's own; someone else's under
     * guardOwner (403 audited). 404 when there is no such token — and, for a caller without
     * ADMIN_TOKENS_PERMISSION, for another user's token too (its existence is not confirmed).
     */
    async revoke(caller: SignedInCaller, id: number): Promise<void> {
      const audit = auditorFor(deps.audit, caller);
      await auditingRefusals(db, audit, () =>
        db.transaction().execute(async (tx) => {
          const owner = await apiTokenOwner(tx, id);
          if (owner === undefined) throw notFound();
          if (owner !== caller.user.id && !hasPermission(caller.user, ADMIN_TOKENS_PERMISSION))
            throw notFound();
          await guardOwner(tx, caller, owner, { revocarToken: id });
          await deleteApiToken(tx, id);
          await audit(
            {
              accion: API_TOKENS_AUDIT.revocado,
              objetivoTipo: 'usuario',
              objetivoId: owner,
              cambios: { tokenId: id },
            },
            tx,
          );
        }),
      );
    },
  };
}
