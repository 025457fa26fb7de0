/**
 * What `fuzz.test.ts` (issue #7, "Bad input") needs: the list of endpoints read from the app
 * itself, fast-check arbitraries of hostile requests for one endpoint, the check of a refused
 * answer, and database snapshots to prove a refused request changed nothing.
 *
 * Endpoints come from the OpenAPI document (paths, path/query parameters, body schemas and
 * content types) plus any /api route that `printRoutes` shows and the document hides, so an
 * endpoint another area adds later is fuzzed without editing the test. The generated requests
 * follow OWASP's Input Validation and REST Security cheat sheets: wrong types, unknown and
 * prototype-pollution keys, huge and deeply nested values, malformed JSON, content-type
 * mismatches, hostile path segments and query strings, and every kind of Authorization header
 * (none, garbage, other schemes, a valid low-privilege token, a valid admin token).
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import fc from 'fast-check';
import { sql } from 'kysely';

/** The subset of JSON Schema (as the OpenAPI document carries it) the generators read. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  $ref?: string;
}

export type FuzzMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One endpoint to fuzz. */
export interface FuzzEndpoint {
  method: FuzzMethod;
  /** Fastify form, e.g. `/api/eventos/:id/periodos/:periodoId`. */
  path: string;
  /** Names of the path parameters, in order. */
  params: string[];
  /** Query parameters the endpoint documents, with their schemas. */
  query: Record<string, JsonSchema>;
  /** The documented request body: its content types (first is the main one) and schema. */
  body?: { contentTypes: string[]; schema: JsonSchema };
  /** False for a route found only through `printRoutes` (no schema known). */
  documented: boolean;
}

interface OpenApiOperation {
  parameters?: { in: string; name: string; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}
interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

const METHODS: readonly FuzzMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** Paths that are not api endpoints: the OpenAPI UI's static files. */
function excluded(path: string): boolean {
  return path === '/api/docs' || path.startsWith('/api/docs/');
}

/** Replaces `$ref`s to `#/components/schemas/…` by their target (depth-bounded). */
function resolveRefs(schema: unknown, doc: OpenApiDocument, depth = 0): JsonSchema {
  if (depth > 12 || typeof schema !== 'object' || schema === null) return {};
  if (Array.isArray(schema)) return {};
  const s = schema as Record<string, unknown>;
  if (typeof s.$ref === 'string') {
    const name = s.$ref.replace('#/components/schemas/', '');
    return resolveRefs(doc.components?.schemas?.[name], doc, depth + 1);
  }
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(s)) {
    if (k === 'properties' && typeof v === 'object' && v !== null) {
      out[k] = Object.fromEntries(
        Object.entries(v).map(([p, ps]) => [p, resolveRefs(ps, doc, depth + 1)]),
      );
    } else if (k === 'items') {
      out[k] = resolveRefs(v, doc, depth + 1);
    } else if ((k === 'anyOf' || k === 'oneOf' || k === 'allOf') && Array.isArray(v)) {
      out[k] = v.map((x) => resolveRefs(x, doc, depth + 1));
    } else {
      out[k] = v;
    }
  }
  return out;
}

/** `/api/eventos/{id}/` → `/api/eventos/:id` (Fastify registers both slash forms). */
function fastifyPath(openApiPath: string): string {
  const p = openApiPath.replace(/\{([^}]+)\}/g, ':$1');
  return p.length > 1 ? p.replace(/\/$/, '') : p;
}

/**
 * Every route of `printRoutes({ commonPrefix: false })` as `{path, methods}`: each line is a
 * tree node (`├── segment (GET, HEAD)`) whose full path is its parent's plus its segment.
 */
export function parsePrintedRoutes(printed: string): { path: string; methods: string[] }[] {
  const out: { path: string; methods: string[] }[] = [];
  const stack: string[] = [];
  for (const line of printed.split('\n')) {
    const m = /^([│\s]*)(?:├── |└── )(.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!m) continue;
    const depth = Math.round((m[1] ?? '').length / 4);
    const full = (stack[depth - 1] ?? '') + m[2];
    stack[depth] = full;
    stack.length = depth + 1;
    if (m[3]) out.push({ path: full, methods: m[3].split(',').map((s) => s.trim()) });
  }
  return out;
}

/**
 * The endpoints to fuzz: every operation of the app's OpenAPI document under `/api` or a health
 * path, and every `/api` route that `printRoutes` shows but the document hides (fuzzed without
 * schema). HEAD/OPTIONS (generated by Fastify) and the OpenAPI UI are left out.
 */
export function collectEndpoints(app: FastifyInstance): FuzzEndpoint[] {
  const doc = app.swagger() as unknown as OpenApiDocument;
  const byKey = new Map<string, FuzzEndpoint>();
  for (const [rawPath, ops] of Object.entries(doc.paths)) {
    const path = fastifyPath(rawPath);
    if (excluded(path)) continue;
    for (const [m, op] of Object.entries(ops)) {
      const method = m.toUpperCase() as FuzzMethod;
      if (!METHODS.includes(method)) continue;
      const params: string[] = [];
      const query: Record<string, JsonSchema> = {};
      for (const p of op.parameters ?? []) {
        if (p.in === 'path') params.push(p.name);
        if (p.in === 'query') query[p.name] = resolveRefs(p.schema ?? {}, doc);
      }
      const content = op.requestBody?.content ?? {};
      const contentTypes = Object.keys(content);
      const body = contentTypes.length
        ? { contentTypes, schema: resolveRefs(content[contentTypes[0]!]?.schema ?? {}, doc) }
        : undefined;
      byKey.set(`${method} ${path}`, {
        method,
        path,
        params,
        query,
        ...(body ? { body } : {}),
        documented: true,
      });
    }
  }
  for (const r of parsePrintedRoutes(app.printRoutes({ commonPrefix: false }))) {
    const path = r.path.length > 1 ? r.path.replace(/\/$/, '') : r.path;
    if (!path.startsWith('/api/') || excluded(path) || path.includes('*')) continue;
    for (const m of r.methods) {
      const method = m as FuzzMethod;
      if (!METHODS.includes(method) || byKey.has(`${method} ${path}`)) continue;
      const params = [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((x) => x[1] ?? '');
      byKey.set(`${method} ${path}`, { method, path, params, query: {}, documented: false });
    }
  }
  return [...byKey.values()].sort((a, b) =>
    `${a.path} ${a.method}`.localeCompare(`${b.path} ${b.method}`),
  );
}

// ---------------------------------------------------------------------------------------------
// Values

const HOSTILE_STRINGS = [
  '',
  ' ',
  '\u0000',
  'ñandú Ávila Cáceres',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢 🎉👩‍👩‍👧',
  '\u202egnp.exe',
  "' OR 1=1 --",
  '"; drop table usuarios; --',
  '=HYPERLINK("http://x.example","x")',
  '+cmd|/C calc!A0',
  '@SUM(1+1)',
  '<script>alert(1)</script>',
  '../../../../etc/passwd',
  '%00%ff',
  'a\r\nSet-Cookie: x=1',
  '__proto__',
  'constructor',
  'null',
  'NaN',
  '1e309',
  '-1',
  '\\u0000',
  '\ud800',
  // NUL inside words of 3+ characters: the trigram paths (issue #13, 500s on both databases).
  'ab\u0000cd',
  'jos\u0000e garcia',
  '\u0000\u0000\u0000',
];

const DATE_STRINGS = [
  '2026-03-01T09:00:00Z',
  '2026-03-05T18:00:00Z',
  '2026-03-02T10:00:00.000+02:00',
  '2026-02-30T00:00:00Z',
  '2026-13-01T00:00:00Z',
  '2026-01-01T25:61:00Z',
  '2026-01-01',
  '2026-01-01T10:00:00',
  '2026-01-01T10:00:00+99:00',
  '0000-01-01T00:00:00Z',
  '9999-12-31T23:59:59.999Z',
  '+275760-09-13T00:00:00.000Z',
  '-271821-04-20T00:00:00.000Z',
  '1970-01-01T00:00:00Z',
];

const NUMBERS = [
  0,
  -1,
  1,
  2,
  3,
  1.5,
  -0.5,
  2_147_483_647,
  2_147_483_648,
  -2_147_483_649,
  Number.MAX_SAFE_INTEGER,
  Number.MAX_SAFE_INTEGER + 2,
  1e21,
  -1e21,
  Number.MAX_VALUE,
];

const WRONG_TYPED: unknown[] = [null, true, false, 0, -1, 1.5, '', 'x', [], [1, 2], {}, { a: 1 }];

/** Strings a field might receive: hostile constants, random text, and hints from its name. */
function stringFor(s: JsonSchema, name: string): fc.Arbitrary<string> {
  const arbs: fc.Arbitrary<string>[] = [
    fc.constantFrom(...HOSTILE_STRINGS),
    fc.string({ maxLength: 40 }),
    fc.string({ unit: 'grapheme', maxLength: 20 }),
  ];
  if (s.format === 'date-time' || s.format === 'date' || /fecha|desde|hasta/i.test(name)) {
    arbs.push(
      fc.constantFrom(...DATE_STRINGS),
      fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
      fc
        .date({ min: new Date('2020-01-01'), max: new Date('2030-01-01'), noInvalidDate: true })
        .map((d) => d.toISOString()),
    );
  }
  if (s.format === 'email' || /email|actor/i.test(name)) {
    arbs.push(fc.emailAddress(), fc.constantFrom('admin@test.local', 'a@b', 'a@@b.org'));
  }
  if (/password/i.test(name)) arbs.push(fc.constantFrom('Clave-Muy-Segura-2026', 'password'));
  if (s.maxLength !== undefined && s.maxLength < 100_000) {
    arbs.push(fc.constantFrom('x'.repeat(s.maxLength), 'ñ'.repeat(s.maxLength + 1)));
  }
  arbs.push(fc.constantFrom('x'.repeat(5_000), '😀'.repeat(3_000)));
  return fc.oneof(...arbs);
}

function integerFor(s: JsonSchema): fc.Arbitrary<number> {
  const min = s.minimum ?? -10;
  const max = s.maximum ?? Math.max(min + 1000, 1000);
  return fc.oneof(
    fc.integer({ min: Math.ceil(min), max: Math.max(Math.ceil(min), Math.floor(max)) }),
    fc.constantFrom(...NUMBERS),
    fc.integer(),
  );
}

/** Maps known ids into integer fields named like ids (`responsableId`, `version`, `roles`…). */
export interface IdPools {
  /** Ids that exist now in any table (usuarios, eventos, roles, sesiones). */
  any: number[];
  eventos: number[];
  /** [eventoId, periodoId] pairs that exist. */
  periodos: [number, number][];
  usuarios: number[];
  roles: string[];
}

/** Plausible strings: what a form would send, within the schema's lengths. */
function cleanString(s: JsonSchema, name: string, pools: IdPools): fc.Arbitrary<string> {
  if (s.format === 'date-time' || s.format === 'date' || /fecha|desde|hasta/i.test(name)) {
    return fc
      .date({ min: new Date('2020-01-01'), max: new Date('2030-01-01'), noInvalidDate: true })
      .map((d) => d.toISOString());
  }
  if (s.format === 'email' || /email/i.test(name)) return fc.emailAddress();
  if (/password/i.test(name))
    return fc.constantFrom('Clave-Muy-Segura-2026', 'Otra-Clave-Larga-99');
  if (/^roles?$|^rol|reemplazo/i.test(name) && pools.roles.length) {
    return fc.constantFrom(...pools.roles);
  }
  const min = s.minLength ?? 0;
  return fc.string({ minLength: min, maxLength: Math.max(min, Math.min(s.maxLength ?? 30, 30)) });
}

/**
 * A value shaped by `schema`: right types with edge contents (`clean` false: hostile strings,
 * extreme numbers, impossible dates) or plausible contents (`clean` true: what a form would
 * send). Both get requests past the schema into the handlers, where the interesting failures
 * are.
 */
export function valueFor(
  schema: JsonSchema,
  pools: IdPools,
  name = '',
  depth = 0,
  clean = false,
): fc.Arbitrary<unknown> {
  const inner = (s: JsonSchema, n = name) => valueFor(s, pools, n, depth + 1, clean);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const alts = schema.anyOf ?? schema.oneOf;
  if (alts?.length) return fc.oneof(...alts.map((a) => inner(a)));
  if (schema.allOf?.length) return inner(Object.assign({}, ...schema.allOf) as JsonSchema);
  const type = Array.isArray(schema.type)
    ? schema.type[0]
    : (schema.type ?? (schema.properties ? 'object' : undefined));
  switch (type) {
    case 'string':
      if (clean) return cleanString(schema, name, pools);
      if (/^roles?$|^rol|reemplazo/i.test(name) && pools.roles.length) {
        return fc.oneof(fc.constantFrom(...pools.roles), stringFor(schema, name));
      }
      return stringFor(schema, name);
    case 'integer':
    case 'number': {
      const min = Math.ceil(schema.minimum ?? 0);
      const n = clean
        ? fc.integer({ min, max: Math.max(min, Math.min(schema.maximum ?? min + 50, min + 50)) })
        : integerFor(schema);
      if (/version/i.test(name)) return fc.oneof(fc.constantFrom(1, 2), n);
      if (/id$/i.test(name) && pools.any.length) {
        return fc.oneof(fc.constantFrom(...pools.any), n);
      }
      return type === 'number' && !clean ? fc.oneof(n, fc.double({ noNaN: true })) : n;
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      if (depth > 4) return fc.constant([]);
      return fc.array(inner(schema.items ?? {}), { maxLength: clean ? 3 : 4 });
    case 'object': {
      if (depth > 4) return fc.constant({});
      const props = schema.properties ?? {};
      const keys = Object.keys(props);
      return fc.record(Object.fromEntries(keys.map((k) => [k, inner(props[k] ?? {}, k)])), {
        requiredKeys: (schema.required ?? []).filter((k) => keys.includes(k)),
      });
    }
    default:
      return clean ? fc.constantFrom<unknown>('x', 1, true) : fc.jsonValue({ maxDepth: 2 });
  }
}

/** Sets an own enumerable property, even one named `__proto__` (JSON.stringify keeps it). */
function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}

type Mutation =
  | { kind: 'drop'; index: number }
  | { kind: 'extra'; key: string; value: unknown }
  | { kind: 'wrongType'; index: number; value: unknown };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant('drop' as const), index: fc.nat() }),
  fc.record({
    kind: fc.constant('extra' as const),
    key: fc.oneof(
      fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'admin', 'id', 'roles'),
      fc.string({ maxLength: 12 }),
    ),
    value: fc.oneof(
      fc.constantFrom<unknown>({ admin: true }, { prototype: { admin: true } }, 'x', 1),
      fc.jsonValue({ maxDepth: 2 }),
    ),
  }),
  fc.record({
    kind: fc.constant('wrongType' as const),
    index: fc.nat(),
    value: fc.constantFrom(...WRONG_TYPED),
  }),
);

/** Applies mutations to a copy of a (possibly non-object) value. */
function mutate(value: unknown, mutations: Mutation[]): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) setOwn(out, k, v);
  for (const m of mutations) {
    const keys = Object.keys(out);
    if (m.kind === 'extra') setOwn(out, m.key, m.value);
    else if (keys.length === 0) continue;
    else if (m.kind === 'drop') delete out[keys[m.index % keys.length]!];
    else out[keys[m.index % keys.length]!] = m.value;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Requests

/** One generated request, ready for `app.inject`. */
export interface FuzzRequest {
  method: FuzzMethod;
  url: string;
  headers: Record<string, string>;
  payload?: string;
  remoteAddress: string;
}

/** Signed-in tokens the generator may use, and ids that exist. */
export interface FuzzContext {
  adminToken: string;
  lowPrivilegeToken: string;
  pools: IdPools;
}

/** A header value Node's HTTP parser would accept (no CR/LF/NUL, Latin-1). */
function headerSafe(s: string): boolean {
  return /^[\t\x20-\x7e\x80-\xff]*$/.test(s);
}

function authorization(ctx: FuzzContext): fc.Arbitrary<string | undefined> {
  const { adminToken: admin, lowPrivilegeToken: low } = ctx;
  const garbage = fc.oneof(
    fc.constantFrom(
      'Bearer',
      'Bearer ',
      'bearer',
      'Basic YWRtaW46YWRtaW4=',
      'Token abc',
      'Digest username="admin"',
      'Bearer null',
      'Bearer undefined',
      `Bearer ${admin} ${admin}`,
      `Bearer ${admin}x`,
      `Bearer ${admin.slice(0, -1)}`,
      `Bearer ${admin.toUpperCase()}`,
      `Basic ${admin}`,
      ` Bearer ${admin}`,
      `Bearer\t${admin}`,
      'Bearer ../../etc/passwd',
      'Bearer %00',
      `Bearer ${'A'.repeat(600)}`,
      `Bearer ${'A'.repeat(20_000)}`,
    ),
    fc
      .uint8Array({ minLength: 32, maxLength: 32 })
      .map((b) => `Bearer ${Buffer.from(b).toString('base64url')}`),
    fc.string({ maxLength: 80 }).map((s) => `Bearer ${s}`),
    fc.string({ maxLength: 80 }),
    fc.string({ unit: 'binary', maxLength: 40 }).map((s) => `Bearer ${s}`),
  );
  return fc.oneof(
    { weight: 6, arbitrary: fc.constant(`Bearer ${admin}`) },
    { weight: 1, arbitrary: fc.constant(`bearer   ${admin}`) },
    { weight: 3, arbitrary: fc.constant(`Bearer ${low}`) },
    { weight: 1, arbitrary: fc.constant(undefined) },
    { weight: 3, arbitrary: garbage.filter(headerSafe) },
  );
}

/** encodeURIComponent, with lone surrogates (which it refuses) replaced by U+FFFD. */
function encode(s: string): string {
  return encodeURIComponent(
    s.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd'),
  );
}

const PARAM_EDGES = [
  '0',
  '-1',
  '1.5',
  '01',
  '+1',
  '%201',
  '1e3',
  '0x10',
  '2147483647',
  '2147483648',
  '9007199254740993',
  '99999999999999999999999',
  '-9223372036854775809',
  'NaN',
  'Infinity',
  'abc',
  '..',
  '%2e%2e%2f',
  '..%2F..%2Fetc%2Fpasswd',
  '%00',
  '%ff',
  '%E2%82%AC',
  '%C3%B1',
  'true',
  'null',
  '%5B%5D',
  '%7B%7D',
];

function paramValue(name: string, ctx: FuzzContext): fc.Arbitrary<string> {
  const pool =
    name === 'periodoId'
      ? ctx.pools.periodos.map(([, p]) => p)
      : name === 'id'
        ? ctx.pools.any
        : ctx.pools.any;
  const arbs: { weight: number; arbitrary: fc.Arbitrary<string> }[] = [
    { weight: 2, arbitrary: fc.constantFrom(...PARAM_EDGES) },
    {
      weight: 1,
      arbitrary: fc.string({ minLength: 1, maxLength: 30 }).map(encode),
    },
  ];
  if (pool.length) arbs.push({ weight: 3, arbitrary: fc.constantFrom(...pool.map(String)) });
  return fc.oneof(...arbs);
}

/** Path parameters: each on its own, or (for periodos) a real event/period pair. */
function paramsFor(ep: FuzzEndpoint, ctx: FuzzContext): fc.Arbitrary<Record<string, string>> {
  const independent = fc.record(
    Object.fromEntries(ep.params.map((p) => [p, paramValue(p, ctx)])),
  ) as fc.Arbitrary<Record<string, string>>;
  const pairs = ctx.pools.periodos;
  if (ep.params.includes('periodoId') && pairs.length) {
    return fc.oneof(
      independent,
      fc
        .constantFrom(...pairs)
        .map(([id, periodoId]) => ({ id: String(id), periodoId: String(periodoId) })),
    );
  }
  if (ep.params.includes('id') && /\/eventos\/:id/.test(ep.path) && ctx.pools.eventos.length) {
    return fc.oneof(
      independent,
      fc.constantFrom(...ctx.pools.eventos).map((id) => ({ id: String(id) })),
    );
  }
  return independent;
}

const QUERY_EDGES = [
  '',
  '0',
  '-1',
  '1.5',
  'NaN',
  'Infinity',
  '1e309',
  '99999999999999999999',
  '9007199254740993',
  '2147483648',
  // Pages Ajv coerced past Integer (issue #13): Infinity, a float, beyond PAGE_MAX.
  '1e400',
  '-Infinity',
  '1e7',
  '1000001',
  '99999999999',
  'ab\u0000cd',
  'true',
  'null',
  '[]',
  '*',
  '%',
  '_',
  '\\',
  "'",
  '"',
  ';--',
  'x'.repeat(6_000),
  '2026-13-45',
  '2026-01-01T00:00:00Z',
  '+275760-09-13T00:00:00.000Z',
  '-nombre',
  '+nombre',
  ',,',
  'ñ',
  '🎉',
];

/** A generated value as query-string text. */
function text(v: unknown): string {
  return typeof v === 'string' ? v : (JSON.stringify(v) ?? '');
}

/**
 * A query string: documented parameters (mostly well-typed values, sometimes hostile ones or a
 * repeated key), sometimes unknown or prototype-pollution keys and raw broken escapes.
 */
function queryFor(ep: FuzzEndpoint, ctx: FuzzContext): fc.Arbitrary<string> {
  // Half of the requests: only documented parameters with plausible values (arrays as
  // repeated keys), so the handlers and their SQL run with real filters.
  const clean = fc
    .tuple(
      ...Object.entries(ep.query).map(([name, schema]) =>
        fc.option(
          valueFor(schema, ctx.pools, name, 0, true).map((v) =>
            (Array.isArray(v) ? v : [v]).map((x): [string, string] => [name, text(x)]),
          ),
          { nil: [], freq: 2 },
        ),
      ),
    )
    .map((k) =>
      k
        .flat()
        .map(([n, v]) => `${encode(n)}=${encode(v)}`)
        .join('&'),
    );
  const value = (schema: JsonSchema, name: string) =>
    fc.oneof(
      valueFor(schema, ctx.pools, name).map(text),
      fc.constantFrom(...QUERY_EDGES),
      fc.string({ maxLength: 20 }),
    );
  const known = Object.entries(ep.query).map(([name, schema]) =>
    fc.option(
      fc.oneof(
        { weight: 6, arbitrary: valueFor(schema, ctx.pools, name).map((v) => [[name, text(v)]]) },
        { weight: 2, arbitrary: value(schema, name).map((v) => [[name, v]]) },
        // Repeated key: arrives as an array.
        {
          weight: 1,
          arbitrary: fc.tuple(value(schema, name), value(schema, name)).map(([a, b]) => [
            [name, a],
            [name, b],
          ]),
        },
      ),
      { nil: [], freq: 3 },
    ),
  );
  const extraPairs = fc.array(
    fc.tuple(
      fc.oneof(
        fc.constantFrom(
          '__proto__',
          'constructor',
          'toString',
          'page[]',
          'a[b]',
          '',
          'x'.repeat(300),
        ),
        fc.string({ maxLength: 10 }),
      ),
      fc.oneof(fc.constantFrom(...QUERY_EDGES), fc.string({ maxLength: 10 })),
    ),
    { minLength: 1, maxLength: 2 },
  );
  // Unknown keys in one request out of four, broken escapes in one out of six.
  const extra = fc.oneof(
    { weight: 3, arbitrary: fc.constant<[string, string][]>([]) },
    { weight: 1, arbitrary: extraPairs },
  );
  const rawSuffix = fc.oneof(
    { weight: 5, arbitrary: fc.constant('') },
    { weight: 1, arbitrary: fc.constantFrom('&', '&&=&', '%', '%zz', '=', '&page', 'q=%E0%A4%A') },
  );
  const hostile = fc.tuple(fc.tuple(...known), extra, rawSuffix).map(([k, e, raw]) => {
    const pairs = [...k.flat(), ...e] as [string, string][];
    const encoded = pairs.map(([n, v]) => `${encode(n)}=${encode(v)}`);
    if (raw) encoded.push(raw);
    return encoded.join('&');
  });
  return fc.oneof(clean, hostile);
}

const OTHER_CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=xyz',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/jsonx',
  'application/vnd.api+json',
  'text/csv',
  'APPLICATION/JSON',
  'application/json;;;',
  '*/*',
  'application/xml',
  ';',
];

const MALFORMED_JSON = [
  '{',
  '{"a":',
  'nul',
  '[1,2',
  '{"email": "a@b.org",}',
  "{'a':1}",
  '\uFEFF{}',
  'NaN',
  '',
  ' ',
  '\u0000',
  '{"a":1}{"b":2}',
  '"texto"',
  '123',
  'true',
  'null',
  '[]',
  '{"__proto__":{"admin":true}}',
  '{"constructor":{"prototype":{"admin":true}}}',
  '{"a":"\\ud800"}',
  '{"a":1e999999}',
];

const CSV_CELLS = [
  'email',
  'nombre',
  'roles',
  'lugar',
  'fechaInicio',
  'fechaFin',
  'estado',
  'descripcion',
  'responsableId',
  '"sin cerrar',
  '"a""b"',
  '=SUM(A1:A9)',
  '+1',
  '@x',
  'admin',
  'usuario|gestor',
  'ana@example.org',
  '2026-03-01T09:00:00Z',
  'publicado',
  '',
];

/** A CSV body: a header of known column names, rows of hostile cells, sometimes a BOM. */
const csvBody: fc.Arbitrary<string> = fc
  .tuple(
    fc.boolean(),
    fc.array(
      fc.array(fc.oneof(fc.constantFrom(...CSV_CELLS), fc.string({ maxLength: 12 })), {
        maxLength: 8,
      }),
      { maxLength: 6 },
    ),
    fc.constantFrom('\r\n', '\n', '\r'),
  )
  .map(([bom, rows, eol]) => (bom ? '\uFEFF' : '') + rows.map((r) => r.join(',')).join(eol));

/** Deep nesting as text (no recursion here): arrays, objects, or inside a field. */
const deepJson: fc.Arbitrary<string> = fc
  .tuple(fc.integer({ min: 50, max: 20_000 }), fc.constantFrom('array', 'object', 'field'))
  .map(([n, kind]) =>
    kind === 'array'
      ? '['.repeat(n) + ']'.repeat(n)
      : kind === 'object'
        ? '{"a":'.repeat(n) + '1' + '}'.repeat(n)
        : `{"nombre":${'['.repeat(n)}${']'.repeat(n)}}`,
  );

type Body = { payload?: string; contentType?: string };

function bodyFor(ep: FuzzEndpoint, ctx: FuzzContext): fc.Arbitrary<Body> {
  const json = (v: unknown): Body => ({
    payload: JSON.stringify(v) ?? 'null',
    contentType: 'application/json',
  });
  const otherType = fc.constantFrom(...OTHER_CONTENT_TYPES);
  const anyText = fc.oneof(
    fc.constantFrom(...MALFORMED_JSON),
    fc.string({ maxLength: 60 }),
    csvBody,
    fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v) ?? 'null'),
  );
  const stray = fc.record({
    payload: anyText,
    contentType: fc.oneof(otherType, fc.constant('application/json')),
  });
  const noContentType = anyText.map((payload) => ({ payload }));
  const huge = fc
    .constantFrom(70_000, 200_000)
    .map((n) => json({ nombre: 'x'.repeat(n), email: 'a@b.org', password: 'x' }));

  if (!ep.body) {
    // Bodyless endpoints: mostly nothing, sometimes a stray body of any kind.
    return fc.oneof(
      { weight: 8, arbitrary: fc.constant<Body>({}) },
      { weight: 2, arbitrary: stray },
      { weight: 1, arbitrary: huge },
    );
  }
  const main = ep.body.contentTypes[0] ?? 'application/json';
  if (!/json/.test(main)) {
    // Text bodies (CSV imports): their own type with hostile content, or any mismatch.
    return fc.oneof(
      { weight: 6, arbitrary: csvBody.map((payload) => ({ payload, contentType: main })) },
      { weight: 1, arbitrary: fc.constant<Body>({}) },
      { weight: 2, arbitrary: stray },
      { weight: 1, arbitrary: noContentType },
    );
  }
  // Well-typed bodies half of the time (they reach the handlers), mutated the other half.
  const mutations = fc.oneof(
    fc.constant<Mutation[]>([]),
    fc.array(mutation, { minLength: 1, maxLength: 3 }),
  );
  const shaped = fc
    .tuple(valueFor(ep.body.schema, ctx.pools), mutations)
    .map(([v, ms]) => mutate(v, ms));
  const plausible = valueFor(ep.body.schema, ctx.pools, '', 0, true);
  return fc.oneof(
    { weight: 5, arbitrary: plausible.map(json) },
    { weight: 8, arbitrary: shaped.map(json) },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 4 }).map(json) },
    { weight: 1, arbitrary: fc.array(shaped, { maxLength: 3 }).map(json) },
    {
      weight: 2,
      arbitrary: fc.constantFrom(...MALFORMED_JSON).map((payload) => ({
        payload,
        contentType: 'application/json',
      })),
    },
    {
      weight: 1,
      arbitrary: deepJson.map((payload) => ({ payload, contentType: 'application/json' })),
    },
    { weight: 1, arbitrary: huge },
    {
      weight: 2,
      arbitrary: fc
        .tuple(shaped, otherType)
        .map(([v, contentType]) => ({ payload: JSON.stringify(v) ?? 'null', contentType })),
    },
    { weight: 1, arbitrary: fc.constant<Body>({}) },
    { weight: 1, arbitrary: noContentType },
  );
}

const extraHeaders: fc.Arbitrary<Record<string, string>> = fc
  .record(
    {
      'user-agent': fc.oneof(fc.string({ maxLength: 30 }), fc.constant('U'.repeat(2_000))),
      accept: fc.constantFrom('application/json', 'text/csv', '*/*', 'text/html', 'image/png;q=0'),
      'accept-language': fc.constantFrom('es', 'en', 'xx-ZZ', '*', ';;;'),
      'x-forwarded-for': fc.constantFrom('1.2.3.4', 'garbage', '::1, 10.0.0.1', ''),
      origin: fc.constantFrom('https://evil.example', 'null'),
    },
    { requiredKeys: [] },
  )
  .map((h) => Object.fromEntries(Object.entries(h).filter(([, v]) => headerSafe(v))));

/** Hostile requests for one endpoint, using `ctx`'s tokens and ids. */
export function requestsFor(ep: FuzzEndpoint, ctx: FuzzContext): fc.Arbitrary<FuzzRequest> {
  return fc
    .record({
      params: paramsFor(ep, ctx),
      query: queryFor(ep, ctx),
      body: bodyFor(ep, ctx),
      authorization: authorization(ctx),
      headers: extraHeaders,
      remoteAddress: fc.constantFrom('127.0.0.1', '10.1.2.3', '::1', '2001:db8::7', '203.0.113.9'),
    })
    .map(({ params, query, body, authorization: auth, headers, remoteAddress }) => {
      const path = ep.path.replace(/:([A-Za-z0-9_]+)/g, (_m, p: string) => params[p] ?? '1');
      const h: Record<string, string> = { ...headers };
      if (auth !== undefined) h.authorization = auth;
      if (body.contentType !== undefined) h['content-type'] = body.contentType;
      return {
        method: ep.method,
        url: query ? `${path}?${query}` : path,
        headers: h,
        ...(body.payload !== undefined ? { payload: body.payload } : {}),
        remoteAddress,
      };
    });
}

/** `app.inject` options for a generated request. */
export function injectOptions(r: FuzzRequest): InjectOptions {
  return {
    method: r.method,
    url: r.url,
    headers: r.headers,
    remoteAddress: r.remoteAddress,
    ...(r.payload !== undefined ? { payload: r.payload } : {}),
  };
}

const clip = (s: string, n = 300) => (s.length > n ? `${s.slice(0, n)}… (${s.length} chars)` : s);

/** A short, printable description of a request and its answer, for failure messages. */
export function describeExchange(r: FuzzRequest, res?: LightMyRequestResponse): string {
  const lines = [
    `${r.method} ${clip(r.url)} from ${r.remoteAddress}`,
    ...Object.entries(r.headers).map(([k, v]) => `  ${k}: ${clip(v, 120)}`),
  ];
  if (r.payload !== undefined) lines.push(`  body: ${clip(JSON.stringify(r.payload))}`);
  if (res) lines.push(`→ ${res.statusCode} ${clip(res.body)}`);
  return lines.join('\n');
}

// ---------------------------------------------------------------------------------------------
// Checks

const ERROR_KEYS = new Set(['statusCode', 'error', 'message', 'code', 'details']);

/**
 * Why a 4xx answer breaks the error shape of DESIGN.md §3 (`{statusCode, error, message, code?,
 * details?}`, statusCode equal to the HTTP status, non-empty Spanish message, no internals), or
 * null when it is right.
 */
export function errorShapeProblem(res: LightMyRequestResponse): string | null {
  if (!/application\/json/.test(String(res.headers['content-type']))) {
    return `content-type ${String(res.headers['content-type'])}`;
  }
  let body: unknown;
  try {
    body = JSON.parse(res.body);
  } catch {
    return 'body is not JSON';
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return 'body is not an object';
  const b = body as Record<string, unknown>;
  const extra = Object.keys(b).filter((k) => !ERROR_KEYS.has(k));
  if (extra.length) return `unexpected keys ${extra.join(', ')}`;
  if (b.statusCode !== res.statusCode) return `statusCode ${String(b.statusCode)}`;
  if (typeof b.error !== 'string' || !b.error) return 'error is not a non-empty string';
  if (typeof b.message !== 'string' || !b.message) return 'message is not a non-empty string';
  if (b.code !== undefined && typeof b.code !== 'string') return 'code is not a string';
  if (
    b.details !== undefined &&
    !(
      Array.isArray(b.details) &&
      b.details.every(
        (d: unknown) =>
          typeof d === 'object' &&
          d !== null &&
          typeof (d as Record<string, unknown>).field === 'string' &&
          typeof (d as Record<string, unknown>).message === 'string',
      )
    )
  ) {
    return 'details is not a list of {field, message}';
  }
  if (/stack|password_hash|argon2|select |insert |SQLITE|at .*\.ts:\d+/i.test(res.body)) {
    return 'body leaks internals';
  }
  if (res.statusCode === 429 && !res.headers['retry-after']) return '429 without Retry-After';
  return null;
}

// ---------------------------------------------------------------------------------------------
// Database snapshots

/** Every table's rows, serialised and sorted (so row order never matters). */
export type Snapshot = Map<string, string[]>;

/** The tables of the app's database (its own PostgreSQL schema only), views excluded. */
export async function listTables(app: FastifyInstance, schema?: string): Promise<string[]> {
  const tables = await app.db.introspection.getTables();
  return tables
    .filter((t) => !t.isView && (schema === undefined || t.schema === schema))
    .map((t) => t.name)
    .sort();
}

function serialise(row: unknown): string {
  return JSON.stringify(row, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));
}

/** Reads every row of `tables` through the app's own Kysely handle. */
export async function snapshot(
  app: FastifyInstance,
  tables: string[],
  schema?: string,
): Promise<Snapshot> {
  const out: Snapshot = new Map();
  for (const t of tables) {
    const ref = sql.table(schema ? `${schema}.${t}` : t);
    const { rows } = await sql<Record<string, unknown>>`select * from ${ref}`.execute(app.db);
    out.set(t, rows.map(serialise).sort());
  }
  return out;
}

/** A short fingerprint of a snapshot (row counts and a SHA-256), for messages. */
export function fingerprint(s: Snapshot): string {
  const h = createHash('sha256');
  const counts: string[] = [];
  for (const [t, rows] of s) {
    counts.push(`${t}=${rows.length}`);
    for (const r of rows) h.update(r);
  }
  return `${counts.join(' ')} sha256:${h.digest('hex').slice(0, 12)}`;
}

/**
 * Differences between two snapshots around one refused request, ignoring what a refusal
 * writes on purpose: new `auditoria` rows whose `accion` is in `allowedAudit` (a refused
 * sign-in is recorded: DESIGN.md §3, OWASP Logging) and, when `deadSessionHash` is given, the
 * removal of that `sesiones` row (a 401 deletes the expired or deactivated session it was shown,
 * see the auth plugin).
 * @returns one line per changed table; empty when nothing changed.
 */
export function snapshotChanges(
  before: Snapshot,
  after: Snapshot,
  allowedAudit: ReadonlySet<string>,
  deadSessionHash?: string,
): string[] {
  const changes: string[] = [];
  for (const [t, rowsAfter] of after) {
    const rowsBefore = before.get(t) ?? [];
    const had = new Set(rowsBefore);
    const has = new Set(rowsAfter);
    let removed = rowsBefore.filter((r) => !has.has(r));
    let added = rowsAfter.filter((r) => !had.has(r));
    if (t === 'auditoria') {
      added = added.filter(
        (r) => !allowedAudit.has(String((JSON.parse(r) as { accion?: unknown }).accion)),
      );
    }
    if (t === 'sesiones' && deadSessionHash) {
      removed = removed.filter(
        (r) => (JSON.parse(r) as { token_hash?: unknown }).token_hash !== deadSessionHash,
      );
    }
    if (removed.length || added.length) {
      const rows = [...removed.map((r) => `- ${r}`), ...added.map((r) => `+ ${r}`)].join(' ');
      changes.push(`${t}: -${removed.length} +${added.length} ${clip(rows, 600)}`);
    }
  }
  return changes;
}

/** The token of a request's `Authorization: Bearer …` header, as the auth plugin reads it. */
export function presentedToken(r: FuzzRequest): string | undefined {
  const header = r.headers.authorization;
  if (!header || header.length > 512) return undefined;
  return /^Bearer +([A-Za-z0-9._~+/=-]+)\s*$/i.exec(header)?.[1];
}
