/**
 * The body of GET /api/auth/me, written by hand: the hottest route of the api (issue #2
 * benchmark, ≥ 0.5× a bare Fastify route). It writes exactly the fields of
 * `MeResponseSchema` — `{user: {id, email, nombre, activo, roles: [{nombre, permisos:
 * [{nombre}], origen?}], debeCambiarPassword?, idioma?}}` (`origen` only on a role a group
 * gives, issue #17; the last two only when set: issue #15) — in
 * the schema's order, strings escaped by `JSON.stringify`, so nothing
 * beyond the contract can leak (the test checks it against the schema). The admin role's
 * permission list is a constant of the code (the whole catalogue, `ADMIN_PERMISOS`), so its
 * JSON is written once at start-up: for an administrator this takes the body from about
 * 3.5 µs (the schema serializer) to well under 1 µs. Nothing read from the database is
 * cached.
 */
import type { MeResponse, Role } from '@gestion/shared';
import { ADMIN_PERMISOS } from '../../../repositories/usuarios-repository';

function permisosJson(permisos: Role['permisos']): string {
  let out = '[';
  for (let i = 0; i < permisos.length; i++) {
    if (i > 0) out += ',';
    out += `{"nombre":${JSON.stringify(permisos[i]!.nombre)}}`;
  }
  return `${out}]`;
}

const ADMIN_PERMISOS_JSON = permisosJson(ADMIN_PERMISOS);

/** `{"user": …}`, as the MeResponseSchema serializer would write it. */
export function meJson({ user }: MeResponse): string {
  let roles = '[';
  for (let i = 0; i < user.roles.length; i++) {
    const role = user.roles[i]!;
    if (i > 0) roles += ',';
    const permisos =
      role.permisos === ADMIN_PERMISOS ? ADMIN_PERMISOS_JSON : permisosJson(role.permisos);
    roles += `{"nombre":${JSON.stringify(role.nombre)},"permisos":${permisos}`;
    // Issue #17: a role a group gives says where it comes from (absent for own-only roles).
    if (role.origen) {
      const { directo, grupos } = role.origen;
      roles += `,"origen":{"directo":${directo ? 'true' : 'false'},"grupos":${JSON.stringify(grupos)}}`;
    }
    roles += '}';
  }
  roles += ']';
  return (
    `{"user":{"id":${JSON.stringify(user.id)},"email":${JSON.stringify(user.email)},` +
    `"nombre":${JSON.stringify(user.nombre)},"activo":${user.activo ? 'true' : 'false'},` +
    `"roles":${roles}` +
    (user.debeCambiarPassword ? ',"debeCambiarPassword":true' : '') +
    (user.idioma ? `,"idioma":${JSON.stringify(user.idioma)}` : '') +
    '}}'
  );
}
