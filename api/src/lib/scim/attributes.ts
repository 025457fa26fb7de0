/**
 * `attributes` and `excludedAttributes` (RFC 7644 §3.4.2.5, §3.9): which attributes of a
 * resource are returned. `id` and `schemas` are always returned (RFC 7643 §7 `returned:
 * always`); names are case-insensitive, may be dotted (`name.givenName`) and URN-qualified.
 * Entra lists groups with `excludedAttributes=members`. Pure.
 */
import { ENTERPRISE_URN } from './patch';

type Obj = Record<string, unknown>;

const ALWAYS = new Set(['id', 'schemas']);
const CORE = /^urn:ietf:params:scim:schemas:core:2\.0:(user|group):/i;

/** `a,b.c` → lowercase paths `[['a'], ['b','c']]`, URNs resolved. */
function paths(list: string): string[][] {
  return list
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => {
      const stripped = p.replace(CORE, '');
      if (stripped.toLowerCase().startsWith(ENTERPRISE_URN.toLowerCase() + ':'))
        return [ENTERPRISE_URN.toLowerCase(), ...stripped.slice(ENTERPRISE_URN.length + 1).toLowerCase().split('.')];
      return stripped.toLowerCase().split('.');
    });
}

function pick(obj: Obj, wanted: string[][]): Obj {
  const out: Obj = {};
  for (const [k, v] of Object.entries(obj)) {
    const lk = k.toLowerCase();
    if (ALWAYS.has(lk)) {
      out[k] = v;
      continue;
    }
    const here = wanted.filter((w) => w[0] === lk);
    if (here.length === 0) continue;
    const whole = here.some((w) => w.length === 1);
    const isObj = typeof v === 'object' && v !== null && !Array.isArray(v);
    out[k] = whole || !isObj ? v : pick(v as Obj, here.map((w) => w.slice(1)));
  }
  return out;
}

function drop(obj: Obj, unwanted: string[][]): Obj {
  const out: Obj = {};
  for (const [k, v] of Object.entries(obj)) {
    const lk = k.toLowerCase();
    const here = unwanted.filter((w) => w[0] === lk);
    if (ALWAYS.has(lk) || here.length === 0) out[k] = v;
    else if (here.some((w) => w.length === 1)) continue;
    else if (typeof v === 'object' && v !== null && !Array.isArray(v))
      out[k] = drop(v as Obj, here.map((w) => w.slice(1)));
    else out[k] = v;
  }
  return out;
}

/** The attributes selection of a request (both undefined: everything). */
export interface AttributeSelection {
  attributes?: string;
  excludedAttributes?: string;
}

/** `resource` reduced per `sel` (`attributes` wins when both are given, RFC 7644 §3.4.2.5). */
export function selectAttributes(resource: Obj, sel: AttributeSelection): Obj {
  if (sel.attributes) return pick(resource, paths(sel.attributes));
  if (sel.excludedAttributes) return drop(resource, paths(sel.excludedAttributes));
  return resource;
}

/** True when `name` would be returned under `sel` (to skip loading what is not returned). */
export function isReturned(name: string, sel: AttributeSelection): boolean {
  const n = name.toLowerCase();
  if (sel.attributes) return paths(sel.attributes).some((p) => p[0] === n);
  if (sel.excludedAttributes)
    return !paths(sel.excludedAttributes).some((p) => p[0] === n && p.length === 1);
  return true;
}
