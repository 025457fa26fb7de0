/**
 * The settings /api/configuracion edits (issue #4), over the `ajustes` table of issue #2:
 * `registro_abierto`, `rol_por_defecto`, plus `configuracion_version`, the optimistic-lock
 * counter of the pair (DESIGN.md §3: every stored object has a version).
 */
import type { Configuracion } from '@gestion/shared';
import { getAjuste, setAjuste } from './ajustes-repository';
import type { Db } from './usuarios-repository';

const VERSION_KEY = 'configuracion_version';

async function readVersion(db: Db): Promise<number> {
  const row = await db
    .selectFrom('ajustes')
    .select('valor')
    .where('clave', '=', VERSION_KEY)
    .executeTakeFirst();
  const v = row ? Number(row.valor) : 1;
  return Number.isInteger(v) && v > 0 ? v : 1;
}

/** The current settings and their version. */
export async function getConfiguracion(db: Db): Promise<Configuracion> {
  return {
    registroAbierto: await getAjuste(db, 'registro_abierto'),
    rolPorDefecto: await getAjuste(db, 'rol_por_defecto'),
    version: await readVersion(db),
  };
}

/**
 * Moves the version from `expected` to `expected + 1` atomically (compare-and-set on the row),
 * so of two concurrent saves based on one version only one wins.
 * @returns false when the stored version is not `expected`.
 */
export async function claimConfiguracionVersion(db: Db, expected: number): Promise<boolean> {
  await db
    .insertInto('ajustes')
    .values({ clave: VERSION_KEY, valor: '1' })
    .onConflict((oc) => oc.column('clave').doNothing())
    .execute();
  const res = await db
    .updateTable('ajustes')
    .set({ valor: String(expected + 1) })
    .where('clave', '=', VERSION_KEY)
    .where('valor', '=', String(expected))
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Writes the given settings (version handled by `claimConfiguracionVersion`). */
export async function writeConfiguracion(
  db: Db,
  c: { registroAbierto?: boolean; rolPorDefecto?: string },
): Promise<void> {
  if (c.registroAbierto !== undefined) await setAjuste(db, 'registro_abierto', c.registroAbierto);
  if (c.rolPorDefecto !== undefined) await setAjuste(db, 'rol_por_defecto', c.rolPorDefecto);
}
