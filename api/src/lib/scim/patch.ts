/**
 * RFC 7644 §3.5.2 PATCH, as Entra ID and Okta really send it (issue #17), applied to a
 * resource's SCIM representation. Pure: no database. Accepted beyond the RFC's letter:
 *
 * - `op` in any case (`Replace`, `Add`, `Remove`: Entra capitalises it);
 * - a path-less `add`/`replace` whose `value` has dotted or URN-qualified keys
 *   (`{"op":"Replace","value":{"name.givenName":"Ana","active":false}}`);
 * - member removal either as `{"op":"remove","path":"members","value":[{"value":"7"}]}` or as a
 *   filtered path `members[value eq "7"]`.
 *
 * Multi-valued `members` is never materialised (a group may have a million): its operations are
 * returned as a delta (`members`) for the caller to apply. Values are not coerced here (`active`
 * as the string "False" is the mapping's business, `scim-user.ts`).
 */
import { invalidPath, invalidValue, ScimError } from './errors';

/** One operation of a PatchOp request body. */
export interface PatchOperation {
  op: string;
  path?: string;
  value?: unknown;
}

/** What the operations do to `members`: ids added, ids removed, or the whole list replaced. */
export interface MembersDelta {
  add: string[];
  remove: string[];
  /** Set when an operation replaced (or removed) every member; add/remove apply after it. */
  replace?: string[];
}

/** The patched representation and the members delta. */
export interface PatchResult {
  resource: Record<string, unknown>;
  members: MembersDelta;
}

type Obj = Record<string, unknown>;

const CORE_URNS = [
  'urn:ietf:params:scim:schemas:core:2.0:user:',
  'urn:ietf:params:scim:schemas:core:2.0:group:',
];
/** The enterprise User extension (RFC 7643 §4.3), whose attributes live under its URN. */
export const ENTERPRISE_URN = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The key of `obj` equal to `name` ignoring case (RFC 7643 §2.1), or `name`. */
function keyOf(obj: Obj, name: string): string {
  const lower = name.toLowerCase();
  return Object.keys(obj).find((k) => k.toLowerCase() === lower) ?? name;
}

/** A parsed path: the container (root or the extension), attribute, filter, sub-attribute. */
interface Path {
  ext: boolean;
  attr: string;
  filter?: { attr: string; value: string };
  sub?: string;
}

/** Parses `attr`, `attr.sub`, `attr[x eq "v"]`, `attr[x eq "v"].sub`, URN-qualified or not. */
export function parsePath(raw: string): Path {
  let p = raw.trim();
  let ext = false;
  const lower = p.toLowerCase();
  for (const u of CORE_URNS) if (lower.startsWith(u)) p = p.slice(u.length);
  if (lower.startsWith(ENTERPRISE_URN.toLowerCase() + ':')) {
    ext = true;
    p = p.slice(ENTERPRISE_URN.length + 1);
  }
  const m = /^([A-Za-z$][\w$-]*)(?:\[\s*([A-Za-z]\w*)\s+eq\s+"((?:[^"\\]|\\.)*)"\s*\])?(?:\.([A-Za-z$][\w$-]*))?$/i.exec(
    p,
  );
  if (!m) throw invalidPath(`Ruta no admitida: ${raw}`);
  return {
    ext,
    attr: m[1]!,
    ...(m[2] ? { filter: { attr: m[2], value: JSON.parse(`"${m[3]}"`) as string } } : {}),
    ...(m[4] ? { sub: m[4] } : {}),
  };
}

/** `[{value:"1"}, …]` or a single `{value}` as ids. @throws 400 invalidValue otherwise. */
function memberIds(value: unknown): string[] {
  const list = Array.isArray(value) ? value : [value];
  return list.map((m) => {
    const v = isObj(m) ? m[keyOf(m, 'value')] : undefined;
    if (typeof v !== 'string' && typeof v !== 'number')
      throw invalidValue('Cada miembro debe tener un «value»');
    return String(v);
  });
}

/** Applies one operation at `path` (already parsed) to the container. */
function applyAt(res: Obj, members: MembersDelta, op: string, path: Path, value: unknown) {
  if (!path.ext && path.attr.toLowerCase() === 'members') {
    if (path.filter) {
      if (op !== 'remove' || path.filter.attr.toLowerCase() !== 'value')
        throw invalidPath('Solo se admite quitar miembros por members[value eq "…"]');
      members.remove.push(path.filter.value);
    } else if (op === 'add') members.add.push(...memberIds(value));
    else if (op === 'replace') {
      members.replace = memberIds(value ?? []);
      members.add = [];
      members.remove = [];
    } else if (value === undefined) {
      members.replace = [];
      members.add = [];
      members.remove = [];
    } else members.remove.push(...memberIds(value));
    return;
  }
  let container = res;
  if (path.ext) {
    const k = keyOf(res, ENTERPRISE_URN);
    if (!isObj(res[k])) res[k] = {};
    container = res[k] as Obj;
  }
  const key = keyOf(container, path.attr);
  if (path.filter) {
    const f = path.filter;
    const list = Array.isArray(container[key]) ? (container[key] as unknown[]) : [];
    container[key] = list;
    const matches = (e: unknown) =>
      isObj(e) && String(e[keyOf(e, f.attr)]).toLowerCase() === f.value.toLowerCase();
    if (op === 'remove') {
      if (!path.sub) container[key] = list.filter((e) => !matches(e));
      else for (const e of list.filter(matches)) delete (e as Obj)[keyOf(e as Obj, path.sub)];
      return;
    }
    let target = list.find(matches) as Obj | undefined;
    if (!target) {
      target = { [f.attr]: f.value };
      list.push(target);
    }
    if (path.sub) target[keyOf(target, path.sub)] = value;
    else if (isObj(value)) Object.assign(target, value);
    else throw invalidValue(`Valor no válido para ${path.attr}`);
    return;
  }
  if (path.sub) {
    if (op === 'remove') {
      if (isObj(container[key])) delete (container[key])[keyOf(container[key], path.sub)];
      return;
    }
    if (!isObj(container[key])) container[key] = {};
    const parent = container[key] as Obj;
    parent[keyOf(parent, path.sub)] = value;
    return;
  }
  if (op === 'remove') {
    delete container[key];
    return;
  }
  if (isObj(value) && isObj(container[key])) Object.assign(container[key], value);
  else if (op === 'add' && Array.isArray(value) && Array.isArray(container[key]))
    container[key] = [...(container[key] as unknown[]), ...(value as unknown[])];
  else container[key] = value;
}

/** A path-less add/replace: each key of `value` is a path (dotted, URN-qualified or plain). */
function applyPathless(res: Obj, members: MembersDelta, op: string, value: unknown) {
  if (!isObj(value)) throw invalidValue('Una operación sin «path» necesita un objeto como valor');
  for (const [k, v] of Object.entries(value)) {
    if (k.toLowerCase() === ENTERPRISE_URN.toLowerCase() && isObj(v)) {
      for (const [ek, ev] of Object.entries(v)) applyAt(res, members, op, parsePath(`${ENTERPRISE_URN}:${ek}`), ev);
    } else applyAt(res, members, op, parsePath(k), v);
  }
}

/**
 * Applies `operations` in order to a copy of `resource`.
 * @throws ScimError 400 invalidSyntax (no operations, an unknown `op`, remove without path),
 *   invalidPath (a path outside the supported forms), invalidValue.
 */
export function applyPatch(resource: Obj, operations: unknown): PatchResult {
  if (!Array.isArray(operations) || operations.length === 0)
    throw new ScimError(400, 'invalidSyntax', 'Faltan las operaciones (Operations)');
  const res = structuredClone(resource);
  const members: MembersDelta = { add: [], remove: [] };
  for (const raw of operations) {
    if (!isObj(raw)) throw new ScimError(400, 'invalidSyntax', 'Operación no válida');
    const rawOp = raw[keyOf(raw, 'op')];
    const op = typeof rawOp === 'string' ? rawOp.toLowerCase() : '';
    const path = raw[keyOf(raw, 'path')];
    const value = raw[keyOf(raw, 'value')];
    if (op !== 'add' && op !== 'replace' && op !== 'remove')
      throw new ScimError(400, 'invalidSyntax', `Operación desconocida: ${JSON.stringify(rawOp) ?? ''}`);
    if (path === undefined || path === null || path === '') {
      if (op === 'remove') throw new ScimError(400, 'noTarget', '«remove» necesita «path»');
      applyPathless(res, members, op, value);
    } else if (typeof path !== 'string') throw invalidPath('«path» debe ser una cadena');
    else applyAt(res, members, op, parsePath(path), value);
  }
  return { resource: res, members };
}
