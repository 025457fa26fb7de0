/**
 * Builds /api/docs/json as a contract a generated client can use without reading our code
 * (issue #13). @fastify/swagger writes the document from the route schemas; two hooks of it,
 * both here, complete it centrally so no route file has to:
 *
 * - `transformRoute` (per route, while the document is built) drops the trailing slash of a
 *   prefix's `/` route, notes which top-level schemas carry an `$id` (they become named
 *   components), whether the route streams CSV, and adds the 429 a rate-limited route
 *   (`config.rateLimit`) can answer.
 * - `transformDocument` (once, on the finished document) adds each operation's `operationId`
 *   and description (operations.ts), parameter and response descriptions (descriptions.ts),
 *   `Retry-After` on every 429, the CSV answers as `text/csv` with JSON errors, the checks the
 *   services make (constraints.ts), moves `$id`'d schemas to `components.schemas` and references
 *   them (the error body is `ApiError`, defined once), and marks defaulted parameters optional.
 *
 * Nothing here changes what the server validates or answers: only the document.
 */
import { ApiErrorBodySchema, IsoDateTimeSchema } from '@gestion/shared';
import type { SwaggerTransform, SwaggerTransformObject } from '@fastify/swagger';
import type { OpenAPIV3 } from 'openapi-types';
import { BODY_CONSTRAINTS } from './constraints';
import { PARAMETER_DESCRIPTIONS, RETRY_AFTER_HEADER, STATUS_DESCRIPTIONS } from './descriptions';
import { OPERATIONS, type OperationDoc } from './operations';

/** Facts about a route that `transformRoute` hands to `transformDocument` (then removed). */
const FACTS = 'x-gestion-route';

/** The name of the error body schema in `components.schemas` (`ApiErrorBodySchema.$id`). */
export const API_ERROR_SCHEMA = ApiErrorBodySchema.$id ?? 'ApiError';
export const API_ERROR_REF = `#/components/schemas/${API_ERROR_SCHEMA}`;

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

interface RouteFacts {
  /** `$id` of the top-level schema, by place: `body` or a response status. */
  named: Record<string, string>;
  /** The route answers `text/csv` (`produces`). */
  csv: boolean;
}

type Json = Record<string, unknown>;
type Operation = OpenAPIV3.OperationObject & { [FACTS]?: RouteFacts };

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function idOf(schema: unknown): string | undefined {
  return isObject(schema) && typeof schema.$id === 'string' ? schema.$id : undefined;
}

/** `/api/usuarios/` → `/api/usuarios` (the prefix's `/` route answers both). */
export function documentedUrl(url: string): string {
  return url.length > 1 && url.endsWith('/') ? url.slice(0, -1) : url;
}

export const transformRoute: SwaggerTransform = ({ schema, url, route }) => {
  const source = (schema ?? {}) as Json;
  const named: Record<string, string> = {};
  const bodyId = idOf(source.body);
  if (bodyId) named.body = bodyId;
  const response = isObject(source.response) ? { ...source.response } : undefined;
  for (const [status, s] of Object.entries(response ?? {})) {
    const id = idOf(s);
    if (id) named[status] = id;
  }
  // A per-IP limit answers 429 (with Retry-After) whatever the route's schema lists.
  const limited = isObject(route.config) && route.config.rateLimit !== undefined;
  if (limited && response && !response['429']) {
    response['429'] = ApiErrorBodySchema;
    named['429'] = API_ERROR_SCHEMA;
  }
  const produces = source.produces;
  const facts: RouteFacts = {
    named,
    csv: Array.isArray(produces) && produces.includes('text/csv'),
  };
  return {
    url: documentedUrl(url),
    schema: { ...source, ...(response ? { response } : {}), [FACTS]: facts },
  };
};

/** The request body's JSON schema of an operation, following a `$ref` into the components. */
function deref(doc: OpenAPIV3.Document, schema: unknown): Json | undefined {
  if (!isObject(schema)) return undefined;
  const ref = schema.$ref;
  if (typeof ref !== 'string') return schema;
  return deref(doc, doc.components?.schemas?.[ref.replace('#/components/schemas/', '')]);
}

/**
 * The schema of one request-body property, by path (`filtros[].operador`), or undefined. The
 * contract test uses it to prove every entry of BODY_CONSTRAINTS still names a real property.
 */
export function bodyProperty(
  doc: OpenAPIV3.Document,
  operation: OpenAPIV3.OperationObject,
  path: string,
): Json | undefined {
  const body = operation.requestBody as OpenAPIV3.RequestBodyObject | undefined;
  let schema = deref(doc, body?.content['application/json']?.schema);
  for (const part of path.split('.')) {
    const name = part.replace(/\[\]$/, '');
    schema = deref(doc, isObject(schema?.properties) ? schema.properties[name] : undefined);
    if (part.endsWith('[]')) schema = deref(doc, schema?.items);
  }
  return schema;
}

/** Moves a `$id`'d schema into `components.schemas` (once) and returns the reference. */
function named(doc: OpenAPIV3.Document, name: string, schema: unknown): OpenAPIV3.ReferenceObject {
  const schemas = (doc.components!.schemas ??= {});
  if (isObject(schema) && schema.$ref === undefined && !schemas[name]) {
    schemas[name] = schema;
  }
  return { $ref: `#/components/schemas/${name}` };
}

function describeParameters(op: Operation, entry: OperationDoc | undefined): void {
  for (const p of (op.parameters ?? []) as OpenAPIV3.ParameterObject[]) {
    p.description = entry?.parameters?.[p.name] ?? p.description ?? PARAMETER_DESCRIPTIONS[p.name];
    // Ajv fills a default in (`useDefaults`), so such a parameter may be left out.
    const schema = p.schema as OpenAPIV3.SchemaObject | undefined;
    if (p.in !== 'path' && schema?.default !== undefined) p.required = false;
  }
}

/** What an error body adds to ApiError: the properties, required names and type it repeats go. */
function beyondApiError(doc: OpenAPIV3.Document, schema: Json): Json {
  const base = deref(doc, { $ref: API_ERROR_REF });
  if (!base || !isObject(schema.properties) || !isObject(base.properties)) return schema;
  const baseProps = base.properties;
  const properties = Object.fromEntries(
    Object.entries(schema.properties).filter(
      ([name, s]) => JSON.stringify(s) !== JSON.stringify(baseProps[name]),
    ),
  );
  const required = Array.isArray(schema.required)
    ? schema.required.filter((r) => !(Array.isArray(base.required) && base.required.includes(r)))
    : [];
  const rest = Object.fromEntries(
    Object.entries(schema).filter(([k]) => !['properties', 'required', 'type'].includes(k)),
  );
  return { ...rest, properties, ...(required.length ? { required } : {}) };
}

function describeResponses(
  doc: OpenAPIV3.Document,
  op: Operation,
  entry: OperationDoc | undefined,
  facts: RouteFacts,
): void {
  const responses = op.responses;
  if (facts.csv) {
    responses['200'] = {
      description: 'El CSV.',
      headers: {
        'Content-Disposition': {
          description: 'attachment, con el nombre del archivo y la fecha.',
          schema: { type: 'string' },
        },
      },
      content: { 'text/csv': { schema: { type: 'string' } } },
    };
  }
  for (const [status, response] of Object.entries(responses)) {
    const r = response as OpenAPIV3.ResponseObject;
    const name = facts.named[status];
    for (const media of Object.values(r.content ?? {})) {
      if (name) media.schema = named(doc, name, media.schema);
    }
    if (Number(status) >= 400) {
      // Errors are JSON whatever the success answer is (the CSV exports included), and always
      // the one `ApiError`; a body that adds fields to it (EventoErrorBody's period details)
      // is stated as ApiError plus those.
      let schema =
        r.content?.['application/json']?.schema ?? Object.values(r.content ?? {})[0]?.schema;
      if (schema && !('$ref' in schema && schema.$ref === API_ERROR_REF)) {
        schema = { allOf: [{ $ref: API_ERROR_REF }, beyondApiError(doc, schema as Json)] };
      }
      if (schema) r.content = { 'application/json': { schema } };
    }
    if (status === '429') r.headers = { ...r.headers, 'Retry-After': RETRY_AFTER_HEADER };
    const own = entry?.responses?.[status];
    if (own) r.description = own;
    else if (!r.description || r.description === 'Default Response')
      r.description = STATUS_DESCRIPTIONS[status] ?? r.description;
  }
}

function describeBody(doc: OpenAPIV3.Document, op: Operation, key: string, facts: RouteFacts) {
  const body = op.requestBody as OpenAPIV3.RequestBodyObject | undefined;
  if (!body) return;
  if (facts.named.body) {
    for (const media of Object.values(body.content)) {
      media.schema = named(doc, facts.named.body, media.schema);
    }
  }
  for (const [path, keywords] of Object.entries(BODY_CONSTRAINTS[key] ?? {})) {
    const schema = bodyProperty(doc, op, path);
    if (schema) Object.assign(schema, keywords);
  }
}

/**
 * Throughout the document: TypeBox's unions of literals (`anyOf: [{enum: [a]}, {enum: [b]}]`)
 * become one `enum`, which generators turn into a union type; and dates on the wire
 * (`IsoDateTimeSchema`) get `format: date-time`.
 */
function tidySchemas(node: unknown): void {
  if (Array.isArray(node)) {
    for (const n of node) tidySchemas(n);
    return;
  }
  if (!isObject(node)) return;
  const members = node.anyOf;
  if (Array.isArray(members) && members.length > 0) {
    const type = isObject(members[0]) ? members[0].type : undefined;
    const literals = members.every(
      (m) =>
        isObject(m) &&
        m.type === type &&
        Array.isArray(m.enum) &&
        m.enum.length === 1 &&
        Object.keys(m).every((k) => k === 'type' || k === 'enum'),
    );
    if (literals && typeof type === 'string') {
      delete node.anyOf;
      node.type = type;
      node.enum = members.map((m) => (m as { enum: unknown[] }).enum[0]);
    }
  }
  if (node.type === 'string' && node.description === IsoDateTimeSchema.description) {
    node.format ??= 'date-time';
  }
  for (const value of Object.values(node)) tidySchemas(value);
}

export function finishDocument(doc: OpenAPIV3.Document): OpenAPIV3.Document {
  doc.components ??= {};
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of HTTP_METHODS) {
      const op: Operation | undefined = item?.[method];
      if (!op) continue;
      const key = `${method.toUpperCase()} ${path}`;
      const facts = op[FACTS] ?? { named: {}, csv: false };
      delete op[FACTS];
      const entry = OPERATIONS[key];
      if (entry) {
        op.operationId = entry.operationId;
        // A route's own description (e.g. the CSV columns of an import) follows the entry's.
        op.description =
          op.description && op.description !== entry.description
            ? `${entry.description}\n\n${op.description}`
            : entry.description;
      }
      describeParameters(op, entry);
      describeBody(doc, op, key, facts);
      describeResponses(doc, op, entry, facts);
    }
  }
  tidySchemas(doc.paths);
  tidySchemas(doc.components.schemas);
  return doc;
}

export const transformDocument: SwaggerTransformObject = (documentObject) =>
  'openapiObject' in documentObject
    ? finishDocument(documentObject.openapiObject as OpenAPIV3.Document)
    : documentObject.swaggerObject;
