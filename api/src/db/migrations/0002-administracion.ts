/**
 * The administration (issue #4): normalised search columns on `usuarios`, maintained by the
 * repository (`usuarioSearchColumns`), and the indexes the user list sorts by.
 *
 * - `nombre_norm`: the nombre without accents, lowercase — the sort key of `sort=nombre` (so
 *   "Álvaro" sorts among the A's on both databases) and the prefix-search column.
 * - `busqueda`: `nombre_norm` + ' ' + e-mail, lowercase — what `q` matches (accent- and
 *   case-insensitive on SQLite and PostgreSQL alike).
 * Each sort index ends in `id`, the tie-breaker of every page, so a page is an index walk.
 */
import { sql, type Kysely, type Migration } from 'kysely';
import { usuarioSearchColumns } from '../../repositories/busqueda';
import type { Dialect } from './index';

export function administracion(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('usuarios')
        .addColumn('nombre_norm', 'varchar(120)', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema
        .alterTable('usuarios')
        .addColumn('busqueda', 'varchar(400)', (c) => c.notNull().defaultTo(''))
        .execute();

      // Backfill rows written before this migration (the first admin, registered users).
      const rows = await sql<{ id: number; nombre: string; email: string }>`
        select id, nombre, email from usuarios`.execute(db);
      for (const r of rows.rows) {
        const cols = usuarioSearchColumns(r.nombre, r.email);
        await sql`update usuarios set nombre_norm = ${cols.nombre_norm}, busqueda = ${cols.busqueda}
                   where id = ${r.id}`.execute(db);
      }

      await db.schema
        .createIndex('usuarios_nombre_norm_idx')
        .on('usuarios')
        .columns(['nombre_norm', 'id'])
        .execute();
      await db.schema
        .createIndex('usuarios_creado_idx')
        .on('usuarios')
        .columns(['creado_en', 'id'])
        .execute();
      await db.schema
        .createIndex('usuarios_ultimo_acceso_idx')
        .on('usuarios')
        .columns(['ultimo_acceso', 'id'])
        .execute();
      // The audit log is also filtered by target.
      await db.schema
        .createIndex('auditoria_objetivo_idx')
        .on('auditoria')
        .columns(['objetivo_tipo', 'objetivo_id', 'creado_en'])
        .execute();
      void dialect;
    },
    async down(db: Kysely<unknown>) {
      for (const idx of [
        'auditoria_objetivo_idx',
        'usuarios_ultimo_acceso_idx',
        'usuarios_creado_idx',
        'usuarios_nombre_norm_idx',
      ]) {
        await db.schema.dropIndex(idx).ifExists().execute();
      }
      await db.schema.alterTable('usuarios').dropColumn('busqueda').execute();
      await db.schema.alterTable('usuarios').dropColumn('nombre_norm').execute();
    },
  };
}
