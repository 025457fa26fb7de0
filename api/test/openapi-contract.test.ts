/**
 * The API as a contract (issue #13): /api/docs/json is a valid OpenAPI 3 document from which a
 * generated client works without reading our code, and a wrong method on a known path answers
 * 405 with `Allow`. Every operation is checked, so a route added without its entry in
 * api/src/openapi/operations.ts fails here (api/README.md "OpenAPI" says what to add).
 * Database-independent, so it runs on SQLite only.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import {
  FILTRO_ENTIDADES,
  NOMBRE_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '@gestion/shared';
import type { FastifyInstance } from 'fastify';
import type { OpenAPIV3 } from 'openapi-types';
import { isValidEmail } from '../src/lib/email';
import { BODY_CONSTRAINTS } from '../src/openapi/constraints';
import { API_ERROR_REF, bodyProperty, documentedUrl } from '../src/openapi/document';
import { OPERATIONS } from '../src/openapi/operations';
import { buildTestApp, createTestDatabase, expectErrorShape, type TestDatabase } from './helper';

type Method = 'get' | 'put' | 'post' | 'delete' | 'patch';
const METHODS: Method[] = ['get', 'put', 'post', 'delete', 'patch'];

interface Op {
  key: string;
  path: string;
  method: Method;
  op: OpenAPIV3.OperationObject;
}

function operationsOf(doc: OpenAPIV3.Document): Op[] {
  const out: Op[] = [];
  for (const [p, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const op = item?.[method];
      if (op) out.push({ key: `${method.toUpperCase()} ${p}`, path: p, method, op });
    }
  }
  return out;
}

const params = (op: OpenAPIV3.OperationObject) =>
  (op.parameters ?? []) as OpenAPIV3.ParameterObject[];
const responses = (op: OpenAPIV3.OperationObject) =>
  Object.entries(op.responses) as [string, OpenAPIV3.ResponseObject][];

/** Fastify's `/api/usuarios/:id` → the document's `/api/usuarios/{id}`. */
const documentedPath = (url: string) => documentedUrl(url).replace(/:([A-Za-z0-9_]+)/g, '{$1}');

const INDEX = '<!doctype html><title>Gestión</title><div id="root"></div>';

describe('the OpenAPI document at /api/docs/json', () => {
  let db: TestDatabase;
  let app: FastifyInstance;
  let staticRoot: string;
  let doc: OpenAPIV3.Document;
  let ops: Op[];

  beforeAll(async () => {
    // A built shell, so the SPA fallback and the static wildcard are in play for the 405 checks.
    staticRoot = mkdtempSync(path.join(tmpdir(), 'gestion-openapi-'));
    mkdirSync(path.join(staticRoot, 'shell', 'dist'), { recursive: true });
    writeFileSync(path.join(staticRoot, 'shell', 'dist', 'index.html'), INDEX);
    db = await createTestDatabase('sqlite');
    ({ app } = await buildTestApp(db, { config: { staticRoot } }));
    const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    doc = res.json<OpenAPIV3.Document>();
    ops = operationsOf(doc);
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
    rmSync(staticRoot, { recursive: true, force: true });
  });

  it('is a valid OpenAPI 3 document', async () => {
    expect(doc.openapi).toMatch(/^3\./);
    // The parser dereferences in place: give it a copy.
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeDefined();
  });

  it('documents every api route and the health checks, each method of each', () => {
    const documented = new Set(ops.map((o) => o.key));
    const missing: string[] = [];
    for (const [url, methods] of app.routeTable.paths()) {
      const isApi = url.startsWith('/api/') && !url.startsWith('/api/docs');
      if (!isApi && url !== '/healthz' && url !== '/readyz') continue;
      for (const m of methods) {
        if (m === 'HEAD' || m === 'OPTIONS') continue;
        const key = `${m} ${documentedPath(url)}`;
        if (!documented.has(key)) missing.push(key);
      }
    }
    expect(missing).toEqual([]);
    expect(ops.length).toBeGreaterThanOrEqual(50);
  });

  it('gives every operation a unique camelCase operationId from operations.ts and a description', () => {
    const withoutEntry = ops.filter((o) => !OPERATIONS[o.key]).map((o) => o.key);
    // A new route: add `'<METHOD> <path>': { operationId, description }` to src/openapi/operations.ts.
    expect(withoutEntry).toEqual([]);
    const ids = ops.map((o) => o.op.operationId);
    for (const o of ops) {
      expect([o.key, o.op.operationId]).toEqual([
        o.key,
        expect.stringMatching(/^[a-z][A-Za-z0-9]*$/),
      ]);
      expect([o.key, (o.op.description ?? '').trim().length > 10]).toEqual([o.key, true]);
    }
    expect(new Set(ids).size).toBe(ids.length);
    expect(OPERATIONS['POST /api/auth/login']?.operationId).toBe('login');
    expect(OPERATIONS['GET /api/usuarios']?.operationId).toBe('listUsuarios');
    expect(OPERATIONS['POST /api/usuarios']?.operationId).toBe('createUsuario');
    expect(OPERATIONS['POST /api/usuarios/bulk']?.operationId).toBe('bulkUsuarios');
  });

  it('puts every operation in a declared tag and leaks no internal extension', () => {
    const declared = new Set((doc.tags ?? []).map((t) => t.name));
    const untagged = ops
      .filter((o) => !o.op.tags?.length || !o.op.tags.every((t) => declared.has(t)))
      .map((o) => o.key);
    expect(untagged).toEqual([]);
    expect(JSON.stringify(doc)).not.toMatch(/x-gestion/);
  });

  it('has no entry in operations.ts for an operation that no longer exists', () => {
    const documented = new Set(ops.map((o) => o.key));
    expect(Object.keys(OPERATIONS).filter((k) => !documented.has(k))).toEqual([]);
  });

  it('describes every parameter, and a parameter with a default (page, pageSize, sort) is optional', () => {
    const problems: string[] = [];
    for (const o of ops) {
      for (const p of params(o.op)) {
        if (!p.description?.trim()) problems.push(`${o.key} ${p.in} ${p.name}: no description`);
        const schema = p.schema as OpenAPIV3.SchemaObject | undefined;
        if (schema?.default !== undefined && p.required)
          problems.push(`${o.key} ${p.name}: has a default but is required`);
        if ((p.name === 'page' || p.name === 'pageSize') && p.required)
          problems.push(`${o.key} ${p.name}: required`);
      }
    }
    expect(problems).toEqual([]);
    const list = ops.find((o) => o.key === 'GET /api/usuarios')!;
    expect(params(list.op).map((p) => p.name)).toEqual(
      expect.arrayContaining(['page', 'pageSize']),
    );
  });

  it('describes every response; errors are JSON and reference the one ApiError; 429 declares Retry-After', () => {
    const problems: string[] = [];
    for (const o of ops) {
      for (const [status, r] of responses(o.op)) {
        const where = `${o.key} ${status}`;
        if (!r.description?.trim() || r.description === 'Default Response')
          problems.push(`${where}: no description`);
        if (Number(status) < 400) continue;
        const types = Object.keys(r.content ?? {});
        if (types.join() !== 'application/json') problems.push(`${where}: content ${types.join()}`);
        const schema = r.content?.['application/json']?.schema as
          (OpenAPIV3.ReferenceObject & OpenAPIV3.SchemaObject) | undefined;
        const ref = schema?.$ref ?? (schema?.allOf?.[0] as OpenAPIV3.ReferenceObject)?.$ref;
        if (ref !== API_ERROR_REF) problems.push(`${where}: not ApiError`);
        if (status === '429' && !r.headers?.['Retry-After'])
          problems.push(`${where}: no Retry-After`);
      }
    }
    expect(problems).toEqual([]);
    // The rate-limited routes declare their 429.
    for (const key of [
      'POST /api/auth/login',
      'POST /api/auth/register',
      'POST /api/auth/password',
    ]) {
      expect([key, Object.keys(ops.find((o) => o.key === key)!.op.responses)]).toEqual([
        key,
        expect.arrayContaining(['429']),
      ]);
    }
  });

  it('defines ApiError and the other $id schemas once in components.schemas, by name', () => {
    const schemas = doc.components?.schemas ?? {};
    expect(Object.keys(schemas)).toEqual(
      expect.arrayContaining([
        'ApiError',
        'User',
        'Usuario',
        'Rol',
        'Evento',
        'Periodo',
        'Informe',
      ]),
    );
    expect(Object.keys(schemas).filter((n) => n.startsWith('def-'))).toEqual([]);
    expect(schemas.ApiError).toMatchObject({
      type: 'object',
      required: ['statusCode', 'error', 'message'],
      properties: { code: { type: 'string' }, details: { type: 'array' } },
    });
    // Defined once: the error body's fields appear nowhere else inline.
    const inline = JSON.stringify(doc.paths).match(/"statusCode":\{"type":"integer"\}/g) ?? [];
    expect(inline).toHaveLength(0);
  });

  it('declares the CSV exports as 200 text/csv (a string) with JSON errors', () => {
    const exports = ops.filter((o) => /\/export$|\.csv$/.test(o.path));
    expect(exports.map((o) => o.key)).toEqual(
      expect.arrayContaining([
        'GET /api/usuarios/export',
        'GET /api/auditoria/export',
        'GET /api/eventos/export',
        'GET /api/informes/{id}/resultado.csv',
      ]),
    );
    for (const o of exports) {
      const ok = o.op.responses['200'] as OpenAPIV3.ResponseObject;
      expect([o.key, Object.keys(ok.content ?? {})]).toEqual([o.key, ['text/csv']]);
      expect(ok.content?.['text/csv']?.schema).toEqual({ type: 'string' });
    }
  });

  it('states the checks the server makes: e-mail, password length, role names, entidad, ISO dates', () => {
    const body = (key: string, prop: string) => {
      const o = ops.find((x) => x.key === key);
      if (!o) throw new Error(`no operation ${key}`);
      const s = bodyProperty(doc, o.op, prop);
      if (!s) throw new Error(`${key} has no body property ${prop}`);
      return s as OpenAPIV3.SchemaObject;
    };
    const email = body('POST /api/auth/register', 'email');
    expect(email.format).toBe('email');
    const pattern = new RegExp(email.pattern!);
    for (const ok of ['ana@example.org', 'Ana.Perez@Example.ORG', 'admin@localhost']) {
      expect([ok, pattern.test(ok), isValidEmail(ok.toLowerCase())]).toEqual([ok, true, true]);
    }
    for (const bad of ['sin-arroba', 'a@', '@b.org', 'a b@c.org', 'a@-b.org']) {
      expect([bad, pattern.test(bad), isValidEmail(bad)]).toEqual([bad, false, false]);
    }
    expect(body('POST /api/usuarios', 'email').format).toBe('email');
    for (const [key, prop] of [
      ['POST /api/auth/register', 'password'],
      ['POST /api/usuarios', 'password'],
      ['POST /api/auth/password', 'nueva'],
    ] as const) {
      expect(body(key, prop)).toMatchObject({
        minLength: PASSWORD_MIN_LENGTH,
        maxLength: PASSWORD_MAX_LENGTH,
      });
    }
    expect(body('POST /api/auth/register', 'nombre')).toMatchObject({
      minLength: 1,
      maxLength: NOMBRE_MAX_LENGTH,
    });
    const rol = new RegExp(body('POST /api/roles', 'nombre').pattern!, 'u');
    expect(['gestor', 'Jefa de área', 'equipo_2', 'sin-acento'].every((n) => rol.test(n))).toBe(
      true,
    );
    expect(['a/b', 'x<y>', '', 'a'.repeat(61)].some((n) => rol.test(n))).toBe(false);
    expect(body('POST /api/roles', 'permisos[]').enum).toContain('usuarios:ver');
    expect(body('POST /api/filtrado', 'entidad').enum).toEqual([...FILTRO_ENTIDADES]);
    expect(body('POST /api/informes', 'filtros.entidad').enum).toEqual([...FILTRO_ENTIDADES]);
    expect(body('POST /api/eventos', 'fechaInicio').format).toBe('date-time');
    expect(body('POST /api/eventos/{id}/periodos', 'fechaFin').format).toBe('date-time');
    const usuario = doc.components!.schemas!.Usuario as OpenAPIV3.SchemaObject;
    const creadoEn = usuario.properties!.creadoEn as OpenAPIV3.SchemaObject;
    expect(creadoEn.format).toBe('date-time');
  });

  it('finds, in the document, every property that constraints.ts documents', () => {
    const stale: string[] = [];
    for (const [key, props] of Object.entries(BODY_CONSTRAINTS)) {
      const o = ops.find((x) => x.key === key);
      for (const [prop, keywords] of Object.entries(props)) {
        const s = o && bodyProperty(doc, o.op, prop);
        if (!s) stale.push(`${key} ${prop}`);
        else expect(s).toMatchObject(keywords);
      }
    }
    expect(stale).toEqual([]);
  });

  describe('a wrong method on a known path', () => {
    it.each([
      ['DELETE', '/api/auth/login', 'POST'],
      ['GET', '/api/auth/login', 'POST'],
      ['PUT', '/api/usuarios', 'GET, HEAD, POST'],
      ['PUT', '/api/usuarios/', 'GET, HEAD, POST'],
      ['PATCH', '/api/usuarios/5/roles', 'PUT'],
      ['PUT', '/api/usuarios/bulk', 'POST'],
      ['POST', '/api/usuarios/7', 'DELETE, GET, HEAD, PATCH'],
      ['PUT', '/api/eventos/3/periodos/4', 'DELETE, GET, HEAD, PATCH'],
      ['DELETE', '/api/eventos/3/periodos', 'GET, HEAD, POST'],
      ['POST', '/healthz', 'GET, HEAD'],
      ['POST', '/config.json', 'GET, HEAD'],
    ])('answers %s %s with 405 "Método no permitido" and Allow: %s', async (method, url, allow) => {
      const res = await app.inject({
        method: method as 'GET',
        url,
        headers: { accept: 'text/html,*/*' },
      });
      const body = expectErrorShape(res, 405, 'METHOD_NOT_ALLOWED');
      expect(body).toEqual({
        statusCode: 405,
        error: 'Method Not Allowed',
        message: 'Método no permitido',
        code: 'METHOD_NOT_ALLOWED',
      });
      expect(res.headers.allow).toBe(allow);
      // The same security headers as every other answer.
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    });

    it('leaves the answers of existing routes alone (DELETE /api/usuarios/export is a bad id, as before)', async () => {
      const res = await app.inject({ method: 'DELETE', url: '/api/usuarios/export' });
      expect(res.statusCode).not.toBe(405);
      expect((await app.inject({ method: 'POST', url: '/api/usuarios/bulk' })).statusCode).toBe(
        401,
      );
      expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      expect((await app.inject({ method: 'HEAD', url: '/healthz' })).statusCode).toBe(200);
    });

    it('keeps unknown paths 404 and the SPA fallback for pages', async () => {
      for (const [method, url] of [
        ['GET', '/api/no-existe'],
        ['DELETE', '/api/no-existe'],
        ['POST', '/api/usuarios/7/no-existe'],
        ['POST', '/no-existe'],
      ] as const) {
        expectErrorShape(await app.inject({ method, url }), 404, 'NOT_FOUND');
      }
      const page = await app.inject({
        method: 'GET',
        url: '/usuarios/7',
        headers: { accept: 'text/html' },
      });
      expect(page.statusCode).toBe(200);
      expect(page.body).toBe(INDEX);
    });
  });
});
