/**
 * The SCIM 2.0 service provider (issue #17) walked through RFC 7643/7644's behaviours against the
 * running server (app.listen on 127.0.0.1 and fetch, as a directory calls it), on every database
 * of DATABASES: bearer auth with a connection token only (§2), discovery (§4), create with
 * Location and uniqueness (§3.3), read and 404 (§3.4.1), filters and paging (§3.4.2), attribute
 * selection (§3.4.2.5), PUT (§3.5.1), PATCH (§3.5.2), DELETE (§3.6), errors (§3.12), the media
 * type (§3.1), and what our product adds: invitation of created users, deactivation revoking
 * sessions, the audit's `scim:<nombre>` actor, admins out of a connection's reach.
 */
import { hashToken } from '../src/repositories/sesiones-repository';
import { listAudit } from '../src/repositories/auditoria-repository';
import { createUser, signIn } from './admin-fixtures';
import { ADMIN, DATABASES, me } from './helper';
import {
  expectScimError,
  GROUP,
  LIST,
  PATCH,
  q,
  scimUserFactory,
  USER,
  withScimWorld,
  type ScimWorld,
} from './support/scim-world';

describe.each(DATABASES)('SCIM 2.0 conformance on %s', (dialect) => {
  let s: ScimWorld;
  withScimWorld(dialect, (x) => (s = x));
  const newUser = scimUserFactory(() => s, 'persona');

  describe('authentication (RFC 7644 §2)', () => {
    it('answers 401 in the SCIM shape without a token, with an unknown one, or a session token', async () => {
      expectScimError(await s.scim('GET', '/Users', undefined, { token: null }), 401);
      expectScimError(await s.scim('GET', '/Users', undefined, { token: 'gdu_scim_x' }), 401);
      expectScimError(await s.scim('GET', '/Users', undefined, { token: s.w.tokens.admin }), 401);
    });

    it('is never a session: the connection token gets 401 on the console api', async () => {
      expect((await me(s.w.app, s.token)).statusCode).toBe(401);
    });

    it('stores only the SHA-256 of the token and records its use', async () => {
      expect((await s.scim('GET', '/ServiceProviderConfig')).status).toBe(200);
      const row = await s.w.app.db
        .selectFrom('scim_conexiones')
        .selectAll()
        .where('id', '=', s.conexionId)
        .executeTakeFirstOrThrow();
      expect(row.token_hash).toBe(hashToken(s.token));
      expect(JSON.stringify(row)).not.toContain(s.token.slice(9));
      expect(row.ultimo_uso_en).not.toBeNull();
    });
  });

  describe('discovery (RFC 7644 §4)', () => {
    it('describes what is supported', async () => {
      const r = await s.scim('GET', '/ServiceProviderConfig');
      expect(r.status).toBe(200);
      expect(r.headers.get('content-type')).toBe('application/scim+json; charset=utf-8');
      expect(r.body).toMatchObject({
        patch: { supported: true },
        bulk: { supported: false },
        filter: { supported: true, maxResults: 100 },
        changePassword: { supported: false },
        sort: { supported: false },
        etag: { supported: true },
        authenticationSchemes: [expect.objectContaining({ type: 'oauthbearertoken' })],
      });
    });

    it('lists the resource types and schemas, each readable by id', async () => {
      const types = await s.scim('GET', '/ResourceTypes');
      expect(types.body.schemas).toEqual([LIST]);
      expect(types.body.Resources!.map((t) => [t.id, t.endpoint, t.schema])).toEqual([
        ['User', '/Users', USER],
        ['Group', '/Groups', GROUP],
      ]);
      expect(types.body.Resources![0]!.schemaExtensions).toEqual([
        { schema: 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User', required: false },
      ]);
      const schemas = await s.scim('GET', '/Schemas');
      expect(schemas.body.totalResults).toBe(3);
      expect((await s.scim('GET', `/Schemas/${USER}`)).body.name).toBe('User');
      expect((await s.scim('GET', '/ResourceTypes/Group')).body.endpoint).toBe('/Groups');
      expectScimError(await s.scim('GET', '/Schemas/urn:nada'), 404);
      expectScimError(await s.scim('GET', '/Nada'), 404);
    });
  });

  describe('Users', () => {
    it('creates with 201, Location and ETag; the user is invited, and the write audited as the connection', async () => {
      const r = await s.scim('POST', '/Users', {
        schemas: [USER],
        userName: 'Creada@Ejemplo.es',
        externalId: 'ext-creada',
        name: { givenName: 'Creada', familyName: 'Por Scim' },
        active: true,
      });
      expect(r.status).toBe(201);
      expect(r.body).toMatchObject({
        schemas: [USER, 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User'],
        id: expect.stringMatching(/^\d+$/),
        externalId: 'ext-creada',
        userName: 'creada@ejemplo.es',
        displayName: 'Creada Por Scim',
        name: { givenName: 'Creada', familyName: 'Por Scim', formatted: 'Creada Por Scim' },
        emails: [{ value: 'creada@ejemplo.es', type: 'work', primary: true }],
        active: true,
        groups: [],
        meta: { resourceType: 'User', version: 'W/"1"' },
      });
      const meta = r.body.meta as { location: string; version: string };
      expect(r.headers.get('location')).toBe(meta.location);
      expect(meta.location).toMatch(new RegExp(`/scim/v2/Users/${r.body.id}$`));
      expect(r.headers.get('etag')).toBe('W/"1"');
      const row = await s.w.app.db
        .selectFrom('usuarios')
        .select(['invitacion_pendiente', 'external_id'])
        .where('email', '=', 'creada@ejemplo.es')
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ invitacion_pendiente: 1, external_id: 'ext-creada' });
      const mail = await s.w.app.db
        .selectFrom('correos')
        .select('plantilla')
        .where('destinatario', '=', 'creada@ejemplo.es')
        .execute();
      expect(mail.map((m) => m.plantilla)).toEqual(['invitation']);
      const audit = (await listAudit(s.w.app.db, { accion: 'usuarios.crear', limit: 1 }))[0]!;
      expect(audit).toMatchObject({
        actor_id: null,
        actor_email: 'scim:Directorio de prueba',
        objetivo_id: r.body.id,
      });
      expect(JSON.parse(String(audit.cambios))).toMatchObject({ conexionScim: s.conexionId });
    });

    it('accepts application/json too', async () => {
      const r = await s.scim(
        'POST',
        '/Users',
        { schemas: [USER], userName: 'json@ejemplo.es', displayName: 'Json' },
        { contentType: 'application/json' },
      );
      expect(r.status).toBe(201);
    });

    it('refuses a taken userName or externalId (409 uniqueness), a missing userName and bad JSON', async () => {
      const u = await newUser({ externalId: 'ext-unico' });
      expectScimError(
        await s.scim('POST', '/Users', { schemas: [USER], userName: String(u.userName).toUpperCase() }),
        409,
        'uniqueness',
      );
      expectScimError(
        await s.scim('POST', '/Users', { schemas: [USER], userName: 'otra@x.es', externalId: 'ext-unico' }),
        409,
        'uniqueness',
      );
      expectScimError(await s.scim('POST', '/Users', { schemas: [USER] }), 400, 'invalidValue');
      expectScimError(await s.scim('POST', '/Users', '{"userName": '), 400, 'invalidSyntax');
      expectScimError(
        await s.scim('POST', '/Users', { schemas: [USER], userName: 'x@x.es', active: 'quizá' }),
        400,
        'invalidValue',
      );
    });

    it('reads one by id; 404 for an unknown or malformed id', async () => {
      const u = await newUser();
      const r = await s.scim('GET', `/Users/${u.id}`);
      expect(r.body).toEqual(u);
      expectScimError(await s.scim('GET', '/Users/999999'), 404);
      expectScimError(await s.scim('GET', '/Users/abc'), 404);
    });

    it('filters with eq and and on userName, externalId, the work e-mail and displayName', async () => {
      const u = await newUser({ externalId: 'ext-filtro', displayName: 'Filtro Exacto' });
      const ids = async (f: string) => {
        const r = await s.scim('GET', q(f));
        expect(r.status).toBe(200);
        expect(r.body.schemas).toEqual([LIST]);
        return r.body.Resources!.map((x) => x.id);
      };
      expect(await ids(`userName eq "${String(u.userName).toUpperCase()}"`)).toEqual([u.id]);
      expect(await ids('externalId eq "ext-filtro"')).toEqual([u.id]);
      expect(await ids(`emails[type eq "work"].value eq "${String(u.userName)}"`)).toEqual([u.id]);
      expect(await ids('displayName eq "Filtro Exacto"')).toEqual([u.id]);
      expect(await ids(`userName eq "${String(u.userName)}" and externalId eq "ext-filtro"`)).toEqual([
        u.id,
      ]);
      expect(await ids(`userName eq "${String(u.userName)}" and externalId eq "otro"`)).toEqual([]);
      const none = await s.scim('GET', q('userName eq "nadie@ejemplo.es"'));
      expect(none.body).toEqual({
        schemas: [LIST],
        totalResults: 0,
        startIndex: 1,
        itemsPerPage: 0,
        Resources: [],
      });
    });

    it('refuses other filters with 400 invalidFilter', async () => {
      for (const f of ['userName co "a"', 'title eq "x"', 'userName eq "a" or userName eq "b"'])
        expectScimError(await s.scim('GET', q(f)), 400, 'invalidFilter');
    });

    it('pages by startIndex and count in a stable order by id, at most 100', async () => {
      for (let i = 0; i < 3; i++) await newUser();
      const all = await s.scim('GET', '/Users?count=500');
      const total = all.body.totalResults!;
      expect(all.body.itemsPerPage).toBe(Math.min(100, total));
      const ids = all.body.Resources!.map((r) => Number(r.id));
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
      const page = await s.scim('GET', '/Users?startIndex=2&count=2');
      expect(page.body).toMatchObject({ totalResults: total, startIndex: 2, itemsPerPage: 2 });
      expect(page.body.Resources!.map((r) => Number(r.id))).toEqual(ids.slice(1, 3));
      const counted = await s.scim('GET', '/Users?count=0');
      expect(counted.body).toMatchObject({ totalResults: total, itemsPerPage: 0, Resources: [] });
      expectScimError(await s.scim('GET', '/Users?count=muchos'), 400, 'invalidValue');
    });

    it('returns only the attributes asked for, or all but the excluded ones', async () => {
      const u = await newUser();
      const only = await s.scim('GET', `/Users/${u.id}?attributes=userName,name.familyName`);
      expect(only.body).toEqual({
        schemas: u.schemas,
        id: u.id,
        userName: u.userName,
        name: { familyName: (u.name as { familyName: string }).familyName },
      });
      const list = await s.scim('GET', `${q(`userName eq "${String(u.userName)}"`)}&excludedAttributes=groups,meta`);
      expect(Object.keys(list.body.Resources![0]!)).not.toContain('groups');
      expect(Object.keys(list.body.Resources![0]!)).not.toContain('meta');
    });

    it('replaces with PUT (nombre, e-mail, externalId) and bumps meta.version', async () => {
      const u = await newUser();
      const r = await s.scim('PUT', `/Users/${u.id}`, {
        schemas: [USER],
        userName: `cambiado${u.id}@ejemplo.es`,
        name: { givenName: 'Cambiado', familyName: 'Por Put' },
        externalId: 'ext-put',
        active: true,
      });
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({
        userName: `cambiado${u.id}@ejemplo.es`,
        displayName: 'Cambiado Por Put',
        externalId: 'ext-put',
        meta: { version: 'W/"2"' },
      });
    });

    it('patches: replace by path, path-less with dotted keys, "False" deactivating', async () => {
      const u = await newUser();
      const r1 = await s.scim('PATCH', `/Users/${u.id}`, {
        schemas: [PATCH],
        Operations: [{ op: 'replace', path: 'name.familyName', value: 'Nuevo' }],
      });
      expect(r1.body.displayName).toBe('Persona Nuevo');
      const r2 = await s.scim('PATCH', `/Users/${u.id}`, {
        schemas: [PATCH],
        Operations: [{ op: 'Replace', value: { displayName: 'Otro Nombre', active: 'False' } }],
      });
      expect(r2.body).toMatchObject({ displayName: 'Otro Nombre', active: false });
      expectScimError(
        await s.scim('PATCH', `/Users/${u.id}`, { schemas: [PATCH], Operations: [] }),
        400,
        'invalidSyntax',
      );
      expectScimError(
        await s.scim('PATCH', '/Users/999999', {
          schemas: [PATCH],
          Operations: [{ op: 'replace', path: 'active', value: false }],
        }),
        404,
      );
    });

    it('deactivating revokes the user’s sessions at once, and they can be reactivated', async () => {
      const { id, email } = await createUser(s.w.app, s.w.tokens.admin, { nombre: 'Con Sesión' });
      const session = await signIn(s.w.app, email);
      expect((await me(s.w.app, session.token)).statusCode).toBe(200);
      const r = await s.scim('PATCH', `/Users/${id}`, {
        schemas: [PATCH],
        Operations: [{ op: 'replace', path: 'active', value: false }],
      });
      expect(r.body.active).toBe(false);
      expect((await me(s.w.app, session.token)).statusCode).toBe(401);
      const audit = (await listAudit(s.w.app.db, { accion: 'usuarios.desactivar', limit: 1 }))[0];
      expect(audit).toMatchObject({ actor_email: 'scim:Directorio de prueba', objetivo_id: String(id) });
      const back = await s.scim('PATCH', `/Users/${id}`, {
        schemas: [PATCH],
        Operations: [{ op: 'replace', path: 'active', value: 'True' }],
      });
      expect(back.body.active).toBe(true);
    });

    it('deletes with 204, after which the user is 404', async () => {
      const u = await newUser();
      const r = await s.scim('DELETE', `/Users/${u.id}`);
      expect(r.status).toBe(204);
      expectScimError(await s.scim('GET', `/Users/${u.id}`), 404);
      expectScimError(await s.scim('DELETE', `/Users/${u.id}`), 404);
    });

    it('never writes an administrator (403)', async () => {
      const admin = await s.scim('GET', q(`userName eq "${ADMIN.email}"`));
      const id = admin.body.Resources![0]!.id as string;
      expectScimError(
        await s.scim('PATCH', `/Users/${id}`, {
          schemas: [PATCH],
          Operations: [{ op: 'replace', path: 'userName', value: 'atacante@ejemplo.es' }],
        }),
        403,
      );
      expectScimError(await s.scim('DELETE', `/Users/${id}`), 403);
    });
  });
});
