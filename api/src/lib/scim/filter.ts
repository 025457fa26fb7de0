/**
 * The subset of RFC 7644 §3.4.2.2 filters that directories send when they look a resource up
 * before creating it (issue #17): `attrPath eq "value"` joined with `and`. Supported attribute
 * paths, case-insensitive (RFC 7643 §2.1), with or without their schema URN:
 *
 *   userName · externalId · displayName · emails[type eq "work"].value · emails.value · id
 *
 * and, for groups, the value path `members[value eq "id"]` (Entra asks
 * `filter=id eq "g" and members[value eq "u"]` to learn whether a user is a member).
 *
 * Anything else — another operator (`co`, `sw`, `pr`, …), `or`, `not`, parentheses, another
 * attribute, a non-string value — is a 400 `invalidFilter` (the RFC allows a provider to refuse
 * filters it does not support). Pure: no database.
 */
import { invalidFilter } from './errors';

/** The attributes a filter can compare; `email` is `emails[type eq "work"].value`. */
export type FilterAttribute = 'userName' | 'externalId' | 'displayName' | 'email' | 'id' | 'member';

/** One `attr eq "value"` term. */
export interface FilterCondition {
  attribute: FilterAttribute;
  value: string;
}

const URN_PREFIXES = [
  'urn:ietf:params:scim:schemas:core:2.0:user:',
  'urn:ietf:params:scim:schemas:core:2.0:group:',
];

/** The attribute of a (lowercased, URN-stripped) path, or undefined. */
function attributeOf(rawPath: string): FilterAttribute | undefined {
  let p = rawPath.toLowerCase().replace(/\s+/g, ' ');
  for (const u of URN_PREFIXES) if (p.startsWith(u)) p = p.slice(u.length);
  switch (p) {
    case 'username':
      return 'userName';
    case 'externalid':
      return 'externalId';
    case 'displayname':
      return 'displayName';
    case 'id':
      return 'id';
    case 'emails.value':
    case 'emails[type eq "work"].value':
    case 'emails[type eq "work" ].value':
    case 'emails[ type eq "work"].value':
      return 'email';
    default:
      return undefined;
  }
}

/** Reads a JSON string literal starting at `s[i] === '"'`; returns it and the index after it. */
function readString(s: string, i: number): [string, number] {
  let j = i + 1;
  while (j < s.length) {
    if (s[j] === '\\') j += 2;
    else if (s[j] === '"') break;
    else j++;
  }
  if (j >= s.length) throw invalidFilter('Cadena sin cerrar en el filtro');
  try {
    return [JSON.parse(s.slice(i, j + 1)) as string, j + 1];
  } catch {
    throw invalidFilter('Cadena no válida en el filtro');
  }
}

/** Reads an attribute path (up to whitespace outside brackets, quotes honoured inside). */
function readPath(s: string, i: number): [string, number] {
  let j = i;
  let depth = 0;
  while (j < s.length) {
    const c = s[j]!;
    if (c === '[') depth++;
    else if (c === ']') depth--;
    else if (c === '"' && depth > 0) {
      j = readString(s, j)[1];
      continue;
    } else if (/\s/.test(c) && depth === 0) break;
    else if ((c === '(' || c === ')') && depth === 0)
      throw invalidFilter('Los paréntesis no están admitidos en el filtro');
    j++;
  }
  return [s.slice(i, j), j];
}

/**
 * Parses `filter`. @returns the conditions, all of which must hold.
 * @throws ScimError 400 invalidFilter for anything outside the supported subset.
 */
export function parseFilter(filter: string): FilterCondition[] {
  const s = filter.trim();
  if (s === '') throw invalidFilter('Filtro vacío');
  if (s.length > 1000) throw invalidFilter('Filtro demasiado largo');
  const out: FilterCondition[] = [];
  let i = 0;
  const skip = () => {
    while (i < s.length && /\s/.test(s[i]!)) i++;
  };
  for (;;) {
    skip();
    const [path, afterPath] = readPath(s, i);
    i = afterPath;
    const member = /^members\[\s*value\s+eq\s+("(?:[^"\\]|\\.)*")\s*\]$/i.exec(path);
    if (member) {
      out.push({ attribute: 'member', value: readString(member[1]!, 0)[0] });
      skip();
      if (i >= s.length) return out;
      i = andAt(s, i);
      continue;
    }
    const attribute = attributeOf(path);
    if (!attribute) throw invalidFilter(`Atributo no admitido en el filtro: ${path}`);
    skip();
    const op = /^[a-z]+/i.exec(s.slice(i))?.[0] ?? '';
    if (op.toLowerCase() !== 'eq')
      throw invalidFilter(`Operador no admitido en el filtro: ${op || s.slice(i, i + 10)}`);
    i += op.length;
    skip();
    if (s[i] !== '"') throw invalidFilter('Se esperaba una cadena entre comillas en el filtro');
    const [value, afterValue] = readString(s, i);
    i = afterValue;
    out.push({ attribute, value });
    skip();
    if (i >= s.length) return out;
    i = andAt(s, i);
  }
}

/** Reads the `and` at `s[i]`; returns the index after it. @throws 400 for anything else. */
function andAt(s: string, i: number): number {
  const word = /^[a-z]+/i.exec(s.slice(i))?.[0] ?? '';
  if (word.toLowerCase() !== 'and')
    throw invalidFilter(`Operador lógico no admitido en el filtro: ${word || s[i]}`);
  const next = i + word.length;
  if (!/\s/.test(s[next] ?? '')) throw invalidFilter('Filtro mal formado');
  return next;
}
