/**
 * How our users and groups are SCIM resources (RFC 7643 §4, issue #17), both ways. Pure.
 *
 * User: `userName` is the e-mail (stored lowercase); `displayName` and `name.formatted` are
 * `nombre`, `name.givenName` its first word and `name.familyName` the rest (so a change to one
 * of them writes `givenName familyName` back); `emails` one `work`, primary e-mail, the same;
 * `active` ↔ activo; `externalId`; `groups` read-only. The enterprise extension's attributes
 * are accepted and not stored. Group: `displayName` ↔ nombre, `members` ↔ memberships,
 * `externalId`. `meta.version` is a weak ETag of our optimistic-lock `version`.
 */
import { invalidValue } from './errors';
import { ENTERPRISE_URN } from './patch';
import type { ScimGrupoRow, ScimUsuarioRow } from '../../repositories/scim-repository';

export const USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const GROUP_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Group';
export const LIST_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';
export const PATCH_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';

type Obj = Record<string, unknown>;
const iso = (ms: number) => new Date(ms).toISOString();

/** The User resource of `u`; `base` is `<APP_URL>/scim/v2`. */
export function toScimUser(u: ScimUsuarioRow, base: string): Obj {
  const [given = '', ...rest] = u.nombre.split(' ');
  return {
    schemas: [USER_SCHEMA, ENTERPRISE_URN],
    id: String(u.id),
    ...(u.externalId !== null ? { externalId: u.externalId } : {}),
    userName: u.email,
    name: { formatted: u.nombre, givenName: given, familyName: rest.join(' ') },
    displayName: u.nombre,
    emails: [{ value: u.email, type: 'work', primary: true }],
    active: u.activo,
    groups: u.grupos.map((g) => ({
      value: String(g.id),
      display: g.nombre,
      $ref: `${base}/Groups/${g.id}`,
    })),
    [ENTERPRISE_URN]: {},
    meta: {
      resourceType: 'User',
      created: iso(u.creadoEn),
      lastModified: iso(u.actualizadoEn),
      location: `${base}/Users/${u.id}`,
      version: `W/"${u.version}"`,
    },
  };
}

/** The Group resource of `g` (members only when loaded). */
export function toScimGroup(g: ScimGrupoRow, base: string): Obj {
  return {
    schemas: [GROUP_SCHEMA],
    id: String(g.id),
    ...(g.externalId !== null ? { externalId: g.externalId } : {}),
    displayName: g.nombre,
    ...(g.miembros
      ? {
          members: g.miembros.map((m) => ({
            value: String(m.id),
            display: m.email,
            $ref: `${base}/Users/${m.id}`,
          })),
        }
      : {}),
    meta: {
      resourceType: 'Group',
      created: iso(g.creadoEn),
      lastModified: iso(g.actualizadoEn),
      location: `${base}/Groups/${g.id}`,
      version: `W/"${g.version}"`,
    },
  };
}

/** `get(obj, 'a')` ignoring the key's case (RFC 7643 §2.1). */
export function attr(obj: unknown, name: string): unknown {
  if (typeof obj !== 'object' || obj === null || Array.isArray(obj)) return undefined;
  const lower = name.toLowerCase();
  const key = Object.keys(obj).find((k) => k.toLowerCase() === lower);
  return key === undefined ? undefined : (obj as Obj)[key];
}

/**
 * A SCIM boolean: `true`/`false`, or the strings "True"/"False" in any case (Entra sends
 * `"active": "False"`). @throws 400 invalidValue otherwise.
 */
export function toBoolean(v: unknown, name: string): boolean {
  if (typeof v === 'boolean') return v;
  if (typeof v === 'string' && /^(true|false)$/i.test(v.trim()))
    return v.trim().toLowerCase() === 'true';
  throw invalidValue(`«${name}» debe ser verdadero o falso`);
}

function optString(v: unknown, name: string): string | undefined {
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string') throw invalidValue(`«${name}» debe ser una cadena`);
  return v.trim() === '' ? undefined : v.trim();
}

/** What a User resource says of our fields. */
export interface UserFields {
  email: string;
  nombre: string;
  activo: boolean;
  externalId: string | null;
}

/** The work (or primary, or first) e-mail of `emails`. */
function workEmail(emails: unknown): string | undefined {
  if (!Array.isArray(emails)) return undefined;
  const list = emails as unknown[];
  const pick =

    list.find((e) => attr(e, 'type') === 'work' || attr(e, 'type') === 'Work') ??
    list.find((e) => attr(e, 'primary') === true) ??
    list[0];
  return optString(attr(pick, 'value'), 'emails.value');
}

/**
 * Our fields from a whole User resource (POST, PUT, or a patched representation). `before` is
 * the current representation (for PATCH: which name attribute changed decides nombre).
 * @throws 400 invalidValue: no userName, an e-mail-less userName and no work e-mail, no name.
 */
export function fromScimUser(r: Obj, before?: Obj): UserFields {
  const userName = optString(attr(r, 'userName'), 'userName');
  const mail = workEmail(attr(r, 'emails'));
  if (!userName) throw invalidValue('«userName» es obligatorio');
  const email = userName.includes('@') ? userName : mail;
  if (!email) throw invalidValue('«userName» debe ser una dirección de correo');
  const name = attr(r, 'name');
  const oldName = before ? attr(before, 'name') : undefined;
  const changed = (v: unknown, old: unknown) => before === undefined || v !== old;
  const display = optString(attr(r, 'displayName'), 'displayName');
  const formatted = optString(attr(name, 'formatted'), 'name.formatted');
  const given = optString(attr(name, 'givenName'), 'name.givenName');
  const family = optString(attr(name, 'familyName'), 'name.familyName');
  const joined = [given, family].filter(Boolean).join(' ') || undefined;
  const nameChanged =
    changed(given, attr(oldName, 'givenName')) || changed(family, attr(oldName, 'familyName'));
  const nombre =
    (display && changed(display, attr(before, 'displayName')) ? display : undefined) ??
    (formatted && changed(formatted, attr(oldName, 'formatted')) ? formatted : undefined) ??
    (joined && nameChanged ? joined : undefined) ??
    display ??
    formatted ??
    joined ??
    email.split('@')[0]!;
  const active = attr(r, 'active');
  return {
    email,
    nombre,
    activo: active === undefined || active === null ? true : toBoolean(active, 'active'),
    externalId: optString(attr(r, 'externalId'), 'externalId') ?? null,
  };
}

/** A member's `value` as a string (ids arrive as strings or numbers); '' otherwise. */
function scalar(v: unknown): string {
  return typeof v === 'string' || typeof v === 'number' ? String(v) : '';
}

/** What a Group resource says of our fields; `members` undefined when absent. */
export function fromScimGroup(r: Obj): {
  nombre: string;
  externalId: string | null;
  members?: string[];
} {
  const nombre = optString(attr(r, 'displayName'), 'displayName');
  if (!nombre) throw invalidValue('«displayName» es obligatorio');
  const members = attr(r, 'members');
  if (members !== undefined && members !== null && !Array.isArray(members))
    throw invalidValue('«members» debe ser una lista');
  return {
    nombre,
    externalId: optString(attr(r, 'externalId'), 'externalId') ?? null,
    ...(Array.isArray(members)
      ? { members: (members as unknown[]).map((m) => scalar(attr(m, 'value'))) }
      : {}),
  };
}
