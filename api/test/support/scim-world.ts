/**
 * A running server for the SCIM suites (issue #17): an `AdminWorld` (admin-fixtures.ts) listening
 * on 127.0.0.1 with an ephemeral port, a SCIM connection created through POST /api/scim/tokens as
 * a directory's administrator would, and `scim()` — a real HTTP call with that token, as Entra
 * ID or Okta make it (`application/scim+json` both ways).
 */
import type { ScimTokenCreado } from '@gestion/shared';
import type { AddressInfo } from 'node:net';
import { buildAdminWorld, call, type AdminWorld } from '../admin-fixtures';
import type { DialectName } from '../helper';

/** A SCIM answer: status, headers, parsed body (undefined for 204). */
export interface ScimReply {
  status: number;
  headers: Headers;
  body: Record<string, unknown> & {
    Resources?: Record<string, unknown>[];
    id?: string;
    totalResults?: number;
  };
}

/** What `withScimWorld` hands over. */
export interface ScimWorld {
  w: AdminWorld;
  base: string;
  token: string;
  conexionId: number;
  /** One SCIM call with the connection's token (or `token: null`: none). */
  scim(
    method: string,
    path: string,
    body?: unknown,
    opts?: { token?: string | null; contentType?: string },
  ): Promise<ScimReply>;
}

/** Creates a SCIM connection as the admin; returns the token and its id. */
export async function createScimToken(w: AdminWorld, nombre = 'Directorio de prueba') {
  const res = await call(w.app, w.tokens.admin, {
    method: 'POST',
    url: '/api/scim/tokens',
    payload: { nombre },
  });
  if (res.statusCode !== 201) throw new Error(`scim token: ${res.statusCode} ${res.body}`);
  const { token, conexion } = res.json<ScimTokenCreado>();
  return { token, conexionId: conexion.id };
}

/** Registers the world's `beforeAll`/`afterAll` on `dialect` and hands it to `ready`. */
export function withScimWorld(dialect: DialectName, ready: (s: ScimWorld) => void): void {
  let w: AdminWorld | undefined;
  beforeAll(async () => {
    w = await buildAdminWorld(dialect);
    await w.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = w.app.server.address() as AddressInfo;
    const base = `http://127.0.0.1:${port}/scim/v2`;
    const { token, conexionId } = await createScimToken(w);
    const scim: ScimWorld['scim'] = async (method, path, body, opts = {}) => {
      const t = opts.token === undefined ? token : opts.token;
      const res = await fetch(`${base}${path}`, {
        method,
        headers: {
          accept: 'application/scim+json',
          ...(t ? { authorization: `Bearer ${t}` } : {}),
          ...(body !== undefined
            ? { 'content-type': opts.contentType ?? 'application/scim+json; charset=utf-8' }
            : {}),
        },
        ...(body !== undefined
          ? { body: typeof body === 'string' ? body : JSON.stringify(body) }
          : {}),
      });
      const text = await res.text();
      return {
        status: res.status,
        headers: res.headers,
        body: text ? (JSON.parse(text) as ScimReply['body']) : {},
      };
    };
    ready({ w, base, token, conexionId, scim });
  });
  afterAll(async () => {
    await w?.app.close();
    await w?.db.drop();
  });
}

export const USER = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const GROUP = 'urn:ietf:params:scim:schemas:core:2.0:Group';
export const PATCH = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
export const ERROR = 'urn:ietf:params:scim:api:messages:2.0:Error';
export const LIST = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';

/** A `/Users` path with `filter` encoded. */
export const q = (f: string) => `/Users?filter=${encodeURIComponent(f)}`;

/** The answer is a SCIM error of `status` (and `scimType`), in the SCIM media type. */
export function expectScimError(r: ScimReply, status: number, scimType?: string) {
  expect({ status: r.status, type: r.headers.get('content-type') }).toEqual({
    status,
    type: 'application/scim+json; charset=utf-8',
  });
  expect(r.body).toEqual({
    schemas: [ERROR],
    status: String(status),
    ...(scimType ? { scimType } : {}),
    detail: expect.any(String),
  });
}

/** Creates users through SCIM POST /Users (`<prefix><n>@ejemplo.es`), each answered 201. */
export function scimUserFactory(world: () => ScimWorld, prefix: string) {
  let seq = 0;
  return async (extra: Record<string, unknown> = {}) => {
    seq++;
    const r = await world().scim('POST', '/Users', {
      schemas: [USER],
      userName: `${prefix}${seq}@ejemplo.es`,
      name: { givenName: 'Persona', familyName: `Número ${seq}` },
      emails: [{ value: `${prefix}${seq}@ejemplo.es`, type: 'work', primary: true }],
      active: true,
      ...extra,
    });
    expect(r.status).toBe(201);
    return r.body;
  };
}
