/**
 * Who an OpenID Connect identity is (issue #18), decided in one transaction after the provider's
 * answer validated:
 *
 * 1. a link (provider, `sub`) → that user (deactivated: refused; a pending invitation is
 *    accepted by the sign-in — the provider vouched for the e-mail when the link was made);
 * 2. no link: the e-mail's domain must be one of the provider's `dominios` and the provider must
 *    say `email_verified: true` (OWASP ASVS 5.0 V6.8: an unverified e-mail claim never takes
 *    over an account); then an existing account with that e-mail is linked (unless it is already
 *    linked to another identity of the provider), or — `crearUsuarios` on — a new user is
 *    created with `rolPorDefecto`, no password and the e-mail verified; else refused;
 * 3. the roles of the groups claim are re-synced through the mapping (sso-repository
 *    `syncMappedRoles`: roles given by hand stay).
 *
 * Audited: `sso.vinculacion`, `sso.alta`, `sso.roles` (changes of the sync), and the caller
 * audits `sso.inicio` / `sso.rechazo`.
 */
import { NOMBRE_MAX_LENGTH, SSO_ERROR_CODES, type SsoErrorCode } from '@gestion/shared';
import type { Db } from '../db/types';
import { normalizeEmail } from '../lib/email';
import { insertAudit } from '../repositories/auditoria-repository';
import {
  mappedRolIds,
  rolNombres,
  syncMappedRoles,
  type ProveedorRow,
} from '../repositories/sso-repository';
import {
  findLinkedUser,
  insertLink,
  touchLink,
  userHasLink,
} from '../repositories/sso-rondas-repository';
import { findCredentialsByEmail, insertUsuario } from '../repositories/usuarios-repository';
import { TOKEN_TIPOS, voidTokens } from '../repositories/tokens-cuenta-repository';
import { findCicloUsuario } from '../repositories/usuarios-ciclo-repository';
import { CICLO_AUDIT } from './ciclo-cuenta-common';
import { jsonList } from './sso-common';
import { dominioDe } from './sso-obligatorio';

/** A refusal of the sign-in: its code (the `?error=`) and, when known, who it was for. */
export class SsoRefusal extends Error {
  constructor(
    readonly code: SsoErrorCode,
    readonly motivo: string,
    readonly usuarioId: number | null = null,
    readonly email: string | null = null,
  ) {
    super(motivo);
  }
}

/** The password hash of an account created by SSO: not a PHC string, so it never verifies. */
export const SSO_NO_PASSWORD_HASH = '!sso';

/** Claims merged from the ID token and userinfo. */
export type Claims = Record<string, unknown>;

/**
 * Whether the provider vouches for the e-mail: `email_verified` (OpenID Connect Core §5.1; a
 * boolean, some send the string "true"), or — Microsoft Entra ID sends no `email_verified` —
 * its optional claim `xms_edov` ("email domain owner verified"), which the tenant adds in the
 * app's token configuration.
 */
function emailVerified(c: Claims): boolean {
  const yes = (v: unknown) => v === true || v === 'true' || v === '1' || v === 1;
  return yes(c.email_verified) || yes(c.xms_edov);
}

/** The groups claim as a list of strings (an array, or one string). */
export function groupsOf(c: Claims, claim: string): string[] {
  const v = c[claim];
  if (Array.isArray(v)) return v.filter((g): g is string => typeof g === 'string');
  return typeof v === 'string' ? [v] : [];
}

/** A display name from the claims: `name`, given + family, or the e-mail's local part. */
function nombreDe(c: Claims, email: string): string {
  const given = [c.given_name, c.family_name].filter((s) => typeof s === 'string').join(' ');
  const n =
    (typeof c.name === 'string' && c.name.trim()) || given.trim() || email.split('@')[0] || email;
  return n.slice(0, NOMBRE_MAX_LENGTH);
}

/** The outcome: the user signed in through the provider. */
export interface SsoIdentified {
  usuarioId: number;
  email: string;
  creado: boolean;
  vinculado: boolean;
  rolesAñadidos: string[];
  rolesQuitados: string[];
}

/**
 * Resolves `claims` (with `sub`) of provider `p` to a user, in `tx`.
 * @throws SsoRefusal with the `?error=` code and the audited reason.
 */
export async function identify(
  tx: Db,
  p: ProveedorRow,
  claims: Claims,
  meta: { ip: string; now: number },
): Promise<SsoIdentified> {
  const sub = String(claims.sub);
  const email = typeof claims.email === 'string' ? normalizeEmail(claims.email) : '';
  const audit = (
    usuarioId: number,
    userEmail: string,
    entry: { accion: 'sso.alta' | 'sso.vinculacion' | 'sso.roles'; cambios: object },
  ) =>
    insertAudit(tx, {
      actorId: usuarioId,
      actorEmail: userEmail,
      accion: entry.accion,
      objetivoTipo: 'usuario',
      objetivoId: usuarioId,
      cambios: { proveedorId: p.id, proveedor: p.nombre, ...entry.cambios },
      ip: meta.ip,
      at: meta.now,
    });

  let usuarioId: number;
  let creado = false;
  let vinculado = false;
  const link = await findLinkedUser(tx, p.id, sub);
  if (link) {
    usuarioId = link.usuarioId;
    await touchLink(tx, link.id, meta.now);
  } else {
    if (!email || !jsonList(p.dominios).includes(dominioDe(email)))
      throw new SsoRefusal(
        SSO_ERROR_CODES.dominioNoPermitido,
        'dominio_no_permitido',
        null,
        email || null,
      );
    if (!emailVerified(claims))
      throw new SsoRefusal(SSO_ERROR_CODES.emailNoVerificado, 'email_no_verificado', null, email);
    const existing = await findCredentialsByEmail(tx, email);
    if (existing) {
      if (await userHasLink(tx, p.id, existing.id))
        throw new SsoRefusal(
          SSO_ERROR_CODES.cuentaYaVinculada,
          'cuenta_ya_vinculada',
          existing.id,
          email,
        );
      usuarioId = existing.id;
    } else if (p.crear_usuarios === 1 && p.rol_por_defecto_id !== null) {
      usuarioId = await insertUsuario(tx, {
        email,
        nombre: nombreDe(claims, email),
        passwordHash: SSO_NO_PASSWORD_HASH,
        emailVerificado: true,
        now: meta.now,
      });
      await tx
        .insertInto('usuario_roles')
        .values({ usuario_id: usuarioId, rol_id: p.rol_por_defecto_id })
        .execute();
      creado = true;
      await audit(usuarioId, email, {
        accion: 'sso.alta',
        cambios: { sub, rol: p.rol_por_defecto },
      });
    } else {
      throw new SsoRefusal(SSO_ERROR_CODES.usuarioDesconocido, 'usuario_desconocido', null, email);
    }
  }

  const u = await findCicloUsuario(tx, usuarioId);
  if (!u) throw new Error(`user ${usuarioId} vanished while signing in with SSO`);
  if (!u.activo)
    throw new SsoRefusal(SSO_ERROR_CODES.usuarioInactivo, 'usuario_inactivo', u.id, u.email);
  if (u.invitacionPendiente) {
    // An invited person — by an admin, the CSV import or SCIM provisioning (issue #17: "they are
    // invited or sign in with single sign-on") — whose provider vouched for the e-mail of an
    // allowed domain: the sign-in accepts the invitation (the e-mail proved, no password set,
    // the mailed link dies), as the invitation link would.
    await tx
      .updateTable('usuarios')
      .set((eb) => ({
        invitacion_pendiente: 0,
        email_verificado: 1,
        actualizado_en: meta.now,
        version: eb('version', '+', 1),
      }))
      .where('id', '=', u.id)
      .execute();
    await voidTokens(tx, u.id, [TOKEN_TIPOS.invitacion], meta.now);
    await insertAudit(tx, {
      actorId: u.id,
      actorEmail: u.email,
      accion: CICLO_AUDIT.inviteAccepted,
      objetivoTipo: 'usuario',
      objetivoId: u.id,
      cambios: { via: 'sso', proveedorId: p.id, proveedor: p.nombre },
      ip: meta.ip,
      at: meta.now,
    });
  }
  if (!link) {
    await insertLink(tx, { proveedorId: p.id, issuer: p.issuer, sub, usuarioId, now: meta.now });
    vinculado = true;
    if (!creado) await audit(u.id, u.email, { accion: 'sso.vinculacion', cambios: { sub } });
  }

  const wanted = await mappedRolIds(tx, p.id, groupsOf(claims, p.claim_grupos));
  const { added, removed } = await syncMappedRoles(tx, u.id, p.id, wanted);
  const rolesAñadidos = await rolNombres(tx, added);
  const rolesQuitados = await rolNombres(tx, removed);
  if (added.length > 0 || removed.length > 0)
    await audit(u.id, u.email, {
      accion: 'sso.roles',
      cambios: {
        ...(rolesAñadidos.length > 0 ? { añadidos: rolesAñadidos } : {}),
        ...(rolesQuitados.length > 0 ? { quitados: rolesQuitados } : {}),
      },
    });
  return { usuarioId: u.id, email: u.email, creado, vinculado, rolesAñadidos, rolesQuitados };
}
