/**
 * Migration 0008 (issue #13): role nombres unique ignoring case. Duplicates already stored are
 * renamed `<nombre>-<id>` (the oldest keeps its nombre, holders keep their role, the default role
 * setting follows), then the unique index on lower(nombre) holds — on every database of
 * DATABASES. The api's own check (409 roleNameTaken) is in delegation-examples.test.ts.
 */
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { rolesNombreUnico } from '../src/db/migrations/0008-roles-nombre-unico';
import { isUniqueViolation } from '../src/lib/http-errors';
import { DATABASES } from './helper';
import { buildDelegationWorld, makeUser, type DelegationWorld } from './delegation-fixtures';

describe.each(DATABASES)('migration 0008 (role nombres unique ignoring case) on %s', (dialect) => {
  let w: DelegationWorld;

  beforeAll(async () => {
    w = await buildDelegationWorld(dialect);
  });
  afterAll(async () => {
    await w?.app.close();
    await w?.db.drop();
  });

  async function insertRol(nombre: string): Promise<number> {
    const { rows } = await sql<{
      id: number;
    }>`insert into roles (nombre, descripcion, version, creado_en)
      values (${nombre}, '', 1, 0) returning id`.execute(w.app.db);
    return Number(rows[0]!.id);
  }
  const nombreOf = async (id: number) =>
    (await sql<{ nombre: string }>`select nombre from roles where id = ${id}`.execute(w.app.db))
      .rows[0]?.nombre;

  it('renames the stored duplicates, keeps holders and the default role, then refuses new ones', async () => {
    const migration = rolesNombreUnico(dialect);
    await migration.down!(w.app.db as Kysely<unknown>);
    const adminCopy = await insertRol('Admin');
    const gestorCopy = await insertRol('GESTOR');
    const long = 'x'.repeat(60);
    await insertRol(long);
    const longCopy = await insertRol(long.toUpperCase());
    const holder = await makeUser(w, ['Admin']);
    await sql`update ajustes set valor = ${JSON.stringify('GESTOR')} where clave = 'rol_por_defecto'`.execute(
      w.app.db,
    );

    await migration.up(w.app.db as Kysely<unknown>);

    expect(await nombreOf(adminCopy)).toBe(`Admin-${adminCopy}`);
    expect(await nombreOf(gestorCopy)).toBe(`GESTOR-${gestorCopy}`);
    const renamedLong = await nombreOf(longCopy);
    expect(renamedLong).toHaveLength(60);
    expect(renamedLong!.endsWith(`-${longCopy}`)).toBe(true);
    const { rows: admins } = await sql<{ nombre: string }>`select nombre from roles
      where lower(nombre) = 'admin'`.execute(w.app.db);
    expect(admins.map((r) => r.nombre)).toEqual(['admin']);
    const { rows: held } = await sql<{ rol_id: number }>`select rol_id from usuario_roles
      where usuario_id = ${holder.id}`.execute(w.app.db);
    expect(held.map((r) => Number(r.rol_id))).toEqual([adminCopy]);
    const { rows: def } = await sql<{ valor: string }>`select valor from ajustes
      where clave = 'rol_por_defecto'`.execute(w.app.db);
    expect(JSON.parse(def[0]!.valor)).toBe(`GESTOR-${gestorCopy}`);

    const again = await insertRol('USUARIO').then(
      () => null,
      (err: unknown) => err,
    );
    expect(isUniqueViolation(again)).toBe(true);
    await sql`update ajustes set valor = ${JSON.stringify('usuario')} where clave = 'rol_por_defecto'`.execute(
      w.app.db,
    );
  });
});
