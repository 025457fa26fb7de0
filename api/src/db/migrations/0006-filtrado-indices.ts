/**
 * Indexes for the filter builder (issue #6, POST /api/filtrado and the `listado` reports; see
 * api/src/repositories/filtrado-repository.ts):
 *
 * - `empieza` on names and e-mails is a prefix LIKE. SQLite turns `col LIKE 'abc%'` into an
 *   index range only over a NOCASE index of the bare column (its LIKE is ASCII case-insensitive);
 *   PostgreSQL only over a `text_pattern_ops` index of the compared expression (`lower(nombre)`,
 *   or the stored-lowercase `nombre_norm` and `email`) whatever the database's collation.
 * - Periods filtered or sorted by date across events: `periodos(fecha_inicio, id)` (the existing
 *   index starts with `evento_id`).
 * - Users by `activo`: `(activo, id)`, so counting the active or inactive ones reads an index,
 *   not a million rows.
 *
 * Named after 0004/0005 so it runs last; creating them on a full database takes a few seconds
 * per million rows.
 */
import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from './index';

/** name → [table, SQLite column expression, PostgreSQL column expression] */
const PREFIJO: Readonly<Record<string, readonly [string, string, string]>> = {
  eventos_nombre_prefijo_idx: [
    'eventos',
    'nombre collate nocase',
    'lower(nombre) text_pattern_ops',
  ],
  periodos_nombre_prefijo_idx: [
    'periodos',
    'nombre collate nocase',
    'lower(nombre) text_pattern_ops',
  ],
  usuarios_nombre_prefijo_idx: [
    'usuarios',
    'nombre_norm collate nocase',
    'nombre_norm text_pattern_ops',
  ],
  usuarios_email_prefijo_idx: ['usuarios', 'email collate nocase', 'email text_pattern_ops'],
};

export function filtradoIndices(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      for (const [name, [table, sqlite, postgres]] of Object.entries(PREFIJO)) {
        // Identifiers and expressions are the constants above, never input.
        await sql`create index ${sql.id(name)} on ${sql.table(table)}
          (${sql.raw(dialect === 'sqlite' ? sqlite : postgres)})`.execute(db);
      }
      await db.schema
        .createIndex('periodos_fecha_inicio_idx')
        .on('periodos')
        .columns(['fecha_inicio', 'id'])
        .execute();
      await db.schema
        .createIndex('usuarios_activo_idx')
        .on('usuarios')
        .columns(['activo', 'id'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const name of [
        ...Object.keys(PREFIJO),
        'periodos_fecha_inicio_idx',
        'usuarios_activo_idx',
      ]) {
        await db.schema.dropIndex(name).ifExists().execute();
      }
    },
  };
}
