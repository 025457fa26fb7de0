/**
 * SCIM 2.0 `/Groups` (issue #17, RFC 7643 §4.2, RFC 7644 §3) against the running server on every
 * database of DATABASES — the other half of scim-conformance.test.ts: create with members,
 * `excludedAttributes=members`, `displayName` filters ignoring case, uniqueness, PATCH of members
 * (add, value-array remove, filtered-path remove) and renames, PUT replacing members, DELETE, and
 * a connection never adding members to a group that carries `admin`.
 */
import { listAudit } from '../src/repositories/auditoria-repository';
import { call } from './admin-fixtures';
import { DATABASES } from './helper';
import {
  expectScimError,
  GROUP,
  PATCH,
  scimUserFactory,
  withScimWorld,
  type ScimReply,
  type ScimWorld,
} from './support/scim-world';

describe.each(DATABASES)('SCIM 2.0 Groups on %s', (dialect) => {
  let s: ScimWorld;
  withScimWorld(dialect, (x) => (s = x));
  const newUser = scimUserFactory(() => s, 'miembro');

  describe('Groups', () => {
    it('creates with members, lists without them when excluded, filters by displayName', async () => {
      const a = await newUser();
      const b = await newUser();
      const r = await s.scim('POST', '/Groups', {
        schemas: [GROUP],
        displayName: 'Equipo Conformidad',
        externalId: 'grp-conf',
        members: [{ value: a.id }, { value: b.id }],
      });
      expect(r.status).toBe(201);
      expect(r.body).toMatchObject({
        schemas: [GROUP],
        displayName: 'Equipo Conformidad',
        externalId: 'grp-conf',
        members: [
          { value: a.id, display: a.userName },
          { value: b.id, display: b.userName },
        ],
        meta: { resourceType: 'Group' },
      });
      const list = await s.scim(
        'GET',
        `/Groups?filter=${encodeURIComponent('displayName eq "equipo conformidad"')}&excludedAttributes=members`,
      );
      expect(list.body.totalResults).toBe(1);
      expect(list.body.Resources![0]).not.toHaveProperty('members');
      const user = await s.scim('GET', `/Users/${a.id}`);
      expect(user.body.groups).toEqual([
        expect.objectContaining({ value: r.body.id, display: 'Equipo Conformidad' }),
      ]);
      expectScimError(
        await s.scim('POST', '/Groups', { schemas: [GROUP], displayName: 'EQUIPO conformidad' }),
        409,
        'uniqueness',
      );
      expectScimError(await s.scim('GET', `/Groups?filter=${encodeURIComponent('userName eq "x"')}`), 400, 'invalidFilter');
    });

    it('patches members: add, remove by value array, remove by filtered path; renames', async () => {
      const [a, b, c] = [await newUser(), await newUser(), await newUser()];
      const g = (await s.scim('POST', '/Groups', { schemas: [GROUP], displayName: 'Parcheado' })).body;
      const patch = (Operations: unknown[]) =>
        s.scim('PATCH', `/Groups/${g.id}`, { schemas: [PATCH], Operations });
      const members = (r: ScimReply) => (r.body.members as { value: string }[]).map((m) => m.value);
      expect(members(await patch([{ op: 'Add', path: 'members', value: [{ value: a.id }, { value: b.id }, { value: c.id }] }]))).toEqual([a.id, b.id, c.id]);
      expect(members(await patch([{ op: 'Remove', path: 'members', value: [{ value: a.id }] }]))).toEqual([b.id, c.id]);
      expect(members(await patch([{ op: 'remove', path: `members[value eq "${b.id}"]` }]))).toEqual([c.id]);
      const renamed = await patch([{ op: 'replace', value: { displayName: 'Parcheado 2', externalId: 'grp-p2' } }]);
      expect(renamed.body).toMatchObject({ displayName: 'Parcheado 2', externalId: 'grp-p2' });
      expectScimError(await patch([{ op: 'add', path: 'members', value: [{ value: '999999' }] }]), 400, 'invalidValue');
    });

    it('replaces with PUT (members replaced) and deletes with 204', async () => {
      const [a, b] = [await newUser(), await newUser()];
      const g = (await s.scim('POST', '/Groups', { schemas: [GROUP], displayName: 'Reemplazo', members: [{ value: a.id }] })).body;
      const r = await s.scim('PUT', `/Groups/${g.id}`, {
        schemas: [GROUP],
        displayName: 'Reemplazado',
        members: [{ value: b.id }],
      });
      expect(r.body).toMatchObject({ displayName: 'Reemplazado', members: [{ value: b.id }] });
      expect((await s.scim('DELETE', `/Groups/${g.id}`)).status).toBe(204);
      expectScimError(await s.scim('GET', `/Groups/${g.id}`), 404);
    });

    it('never adds members to a group that carries admin (403), and audits group writes', async () => {
      const res = await call(s.w.app, s.w.tokens.admin, {
        method: 'POST',
        url: '/api/grupos',
        payload: { nombre: 'Administradores', roles: ['admin'] },
      });
      const gid = res.json<{ id: number }>().id;
      const u = await newUser();
      expectScimError(
        await s.scim('PATCH', `/Groups/${gid}`, {
          schemas: [PATCH],
          Operations: [{ op: 'add', path: 'members', value: [{ value: u.id }] }],
        }),
        403,
      );
      const audit = (await listAudit(s.w.app.db, { accion: 'grupos.miembros', limit: 1 }))[0];
      expect(audit?.actor_email).toBe('scim:Directorio de prueba');
    });
  });
});
