/**
 * What the SCIM `/Users` and `/Groups` routes share: reading list parameters (RFC 7644
 * §3.4.2: `filter`, `startIndex`, `count`, `attributes`, `excludedAttributes`), the ListResponse,
 * the `:id` of a resource, and the request body as an object. Everything is checked by hand so a
 * refusal is a SCIM error, not the api's validation shape.
 */
import type { FastifyReply } from 'fastify';
import type { AttributeSelection } from '../../lib/scim/attributes';
import { selectAttributes } from '../../lib/scim/attributes';
import { invalidValue, ScimError, scimNotFound } from '../../lib/scim/errors';
import { parseFilter, type FilterCondition } from '../../lib/scim/filter';
import { LIST_SCHEMA } from '../../lib/scim/resources';
import type { PageRequest } from '../../repositories/scim-repository';

/** Most resources in one page (issue #17; ServiceProviderConfig's `filter.maxResults`). */
export const SCIM_MAX_RESULTS = 100;

type Query = Record<string, unknown>;
type Obj = Record<string, unknown>;

/** A query value, case-insensitively by name (`startindex` as `startIndex`). */
function param(q: Query, name: string): string | undefined {
  const lower = name.toLowerCase();
  const key = Object.keys(q).find((k) => k.toLowerCase() === lower);
  const v = key === undefined ? undefined : q[key];
  const first: unknown = Array.isArray(v) ? v[0] : v;
  return typeof first === 'string' ? first : undefined;
}

function int(v: string | undefined, name: string, fallback: number): number {
  if (v === undefined || v === '') return fallback;
  if (!/^-?\d{1,9}$/.test(v)) throw invalidValue(`«${name}» debe ser un entero`);
  return Number(v);
}

/** The list parameters of a query. @throws 400 invalidFilter / invalidValue. */
export function listParams(q: Query): {
  conds: FilterCondition[];
  page: PageRequest;
  sel: AttributeSelection;
} {
  const filter = param(q, 'filter');
  // RFC 7644 §3.4.2.4: a startIndex below 1 is 1; a negative count is 0.
  const startIndex = Math.max(1, int(param(q, 'startIndex'), 'startIndex', 1));
  const count = Math.min(SCIM_MAX_RESULTS, Math.max(0, int(param(q, 'count'), 'count', SCIM_MAX_RESULTS)));
  return {
    conds: filter === undefined ? [] : parseFilter(filter),
    page: { startIndex, count },
    sel: attributeSelection(q),
  };
}

/** `attributes` / `excludedAttributes` of a query. */
export function attributeSelection(q: Query): AttributeSelection {
  const attributes = param(q, 'attributes');
  const excludedAttributes = param(q, 'excludedAttributes');
  return {
    ...(attributes ? { attributes } : {}),
    ...(excludedAttributes ? { excludedAttributes } : {}),
  };
}

/** The ListResponse of RFC 7644 §3.4.2. */
export function listResponse(
  resources: Obj[],
  total: number,
  page: PageRequest,
  sel: AttributeSelection,
): Obj {
  return {
    schemas: [LIST_SCHEMA],
    totalResults: total,
    startIndex: page.startIndex,
    itemsPerPage: resources.length,
    Resources: resources.map((r) => selectAttributes(r, sel)),
  };
}

/** `:id` as our integer id; anything else names no resource (404). */
export function resourceId(raw: string): number {
  if (!/^\d{1,12}$/.test(raw) || Number(raw) < 1 || !Number.isSafeInteger(Number(raw)))
    throw scimNotFound();
  return Number(raw);
}

/** The body as an object. @throws 400 invalidSyntax. */
export function bodyObject(body: unknown): Obj {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new ScimError(400, 'invalidSyntax', 'Se esperaba un objeto JSON');
  return body as Obj;
}

/** The PatchOp body's `Operations` (case-insensitive key). */
export function operationsOf(body: unknown): unknown {
  const b = bodyObject(body);
  const key = Object.keys(b).find((k) => k.toLowerCase() === 'operations');
  return key === undefined ? undefined : b[key];
}

/** 201 with `Location` (RFC 7644 §3.3) and the ETag. */
export function created(reply: FastifyReply, resource: Obj) {
  const meta = resource.meta as { location: string; version: string };
  return reply.code(201).header('location', meta.location).header('etag', meta.version).send(resource);
}
