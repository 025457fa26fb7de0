/**
 * The names of audit targets (issue #14: the console words an entry as "Editó a Ana Ruiz:
 * nombre", so it needs the target's name, which the row keeps only as `objetivo_tipo` and
 * `objetivo_id`). One query per target type present on the page, by primary key, so a page of 50
 * entries costs at most five small lookups whatever the dialect.
 */
import type { AuditoriaEntry } from '@gestion/shared';
import type { Db } from '../db/types';

/** `objetivo_tipo` values whose id is a row of a table with a `nombre` column. */
const TABLE_OF = {
  usuario: 'usuarios',
  rol: 'roles',
  evento: 'eventos',
  periodo: 'periodos',
  informe: 'informes',
} as const;

type NamedType = keyof typeof TABLE_OF;

/** Largest id of an `integer` key column on PostgreSQL (a bigger one cannot match any row). */
const INT32_MAX = 2_147_483_647;

const isNamedType = (tipo: string | null): tipo is NamedType =>
  tipo !== null && Object.prototype.hasOwnProperty.call(TABLE_OF, tipo);

/**
 * `entries` with `objetivoNombre` set: the current `nombre` of each target that still exists,
 * else null (deleted, or a type without names such as `sesion`). Never throws for odd ids.
 */
export async function withTargetNames(
  db: Db,
  entries: AuditoriaEntry[],
): Promise<AuditoriaEntry[]> {
  const idsByType = new Map<NamedType, Set<number>>();
  for (const e of entries) {
    if (!isNamedType(e.objetivoTipo) || !e.objetivoId || !/^\d{1,10}$/.test(e.objetivoId)) continue;
    const id = Number(e.objetivoId);
    if (id < 1 || id > INT32_MAX) continue;
    const set = idsByType.get(e.objetivoTipo) ?? new Set<number>();
    set.add(id);
    idsByType.set(e.objetivoTipo, set);
  }
  const names = new Map<string, string>();
  for (const [tipo, ids] of idsByType) {
    const rows = await db
      .selectFrom(TABLE_OF[tipo])
      .select(['id', 'nombre'])
      .where('id', 'in', [...ids])
      .execute();
    for (const r of rows) names.set(`${tipo}:${r.id}`, r.nombre);
  }
  return entries.map((e) => ({
    ...e,
    objetivoNombre: names.get(`${e.objetivoTipo}:${e.objetivoId}`) ?? null,
  }));
}
