/**
 * The body of GET /api/auth/me, written by hand: the hottest route of the api (issue #2
 * benchmark, ≥ 0.5× a bare Fastify route). It writes exactly the fields of
 * `MeResponseSchema` — `{user: {id, email, nombre, activo, roles: [{nombre, permisos:
 * [{nombre}], origen?}], debeCambiarPassword?, idioma?}}` (`origen` only on a role a group
 * gives, issue #17; the last two only when set: issue #15) — in
 * the schema's order, strings escaped by `JSON.stringify`, so nothing
 * beyond the contract can leak (the test checks it against the schema). The admin role's
 * permission list is a constant of the code (the whole catalogue, `ADMIN_PERMISOS`), and a
 * token's scope is a frozen list too (issue #17, ../../../plugins/app/api-token-auth.ts), so
 * their JSON is written once and kept with the list (a WeakMap); each catalogue permission's
 * `{"nombre":…}` is written once at start-up. For an administrator this takes the body from
 * about 3.5 µs (the schema serializer) to well under 1 µs. Nothing read from the database is
 * cached: a frozen list is what the request's own lookup produced.
 */
import type { MeResponse, Role } from '@gestion/shared';
import { ADMIN_PERMISOS } from '../../../repositories/usuarios-repository';

/** `{"nombre":…}` of each catalogue permission, written once. */
const FRAGMENTS = new Map(
  ADMIN_PERMISOS.map((p) => [p.nombre, `{"nombre":${JSON.stringify(p.nombre)}}`]),
);

/** The JSON of frozen permission lists (ADMIN_PERMISOS, a token's scope): they cannot change. */
const FROZEN_JSON = new WeakMap<Role['permisos'], string>();

function permisosJson(permisos: Role['permisos']): string {
  const frozen = Object.isFrozen(permisos);
  if (frozen) {
    const cached = FROZEN_JSON.get(permisos);
    if (cached !== undefined) return cached;
  }
  let out = '[';
  for (let i = 0; i < permisos.length; i++) {
    if (i > 0) out += ',';
    const { nombre } = permisos[i]!;
    out += FRAGMENTS.get(nombre) ?? `{"nombre":${JSON.stringify(nombre)}}`;
  }
  out += ']';
  if (frozen) FROZEN_JSON.set(permisos, out);
  return out;
}

/** `{"user": …}`, as the MeResponseSchema serializer would write it. */
export function meJson({ user }: MeResponse): string {
  let roles = '[';
  for (let i = 0; i < user.roles.length; i++) {
    const role = user.roles[i]!;
    if (i > 0) roles += ',';
    roles += `{"nombre":${JSON.stringify(role.nombre)},"permisos":${permisosJson(role.permisos)}`;
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
