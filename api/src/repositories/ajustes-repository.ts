/**
 * Settings (`ajustes`): JSON values under a key. The auth area owns `registro_abierto`
 * (boolean), `rol_por_defecto` (role nombre) and `dominios_permitidos` (e-mail domains allowed
 * to self-register, normalised; empty: any; issue #13) and `verificacion_email` (boolean, issue
 * #15); /configuracion edits them.
 */
import { DEFAULT_ROLE } from '@gestion/shared';
import type { Db } from '../db/types';

/** Known settings and their types. */
export interface Ajustes {
  registro_abierto: boolean;
  rol_por_defecto: string;
  dominios_permitidos: string[];
  /** Self-registration must verify the e-mail before the first sign-in (issue #15). */
  verificacion_email: boolean;
}

/** Defaults written on first start (insert-if-missing). */
export const DEFAULT_AJUSTES: Ajustes = {
  registro_abierto: true,
  rol_por_defecto: DEFAULT_ROLE,
  dominios_permitidos: [],
  verificacion_email: false,
};

/** True when a parsed value has the type of the setting's default (arrays: of strings). */
function hasDefaultType(clave: keyof Ajustes, value: unknown): boolean {
  const fallback = DEFAULT_AJUSTES[clave];
  if (Array.isArray(fallback))
    return Array.isArray(value) && value.every((v) => typeof v === 'string');
  return typeof value === typeof fallback;
}

/** The stored value, or the default when missing or unparsable. */
export async function getAjuste<K extends keyof Ajustes>(db: Db, clave: K): Promise<Ajustes[K]> {
  const row = await db
    .selectFrom('ajustes')
    .select('valor')
    .where('clave', '=', clave)
    .executeTakeFirst();
  if (!row) return DEFAULT_AJUSTES[clave];
  try {
    const value = JSON.parse(row.valor) as unknown;
    return hasDefaultType(clave, value) ? (value as Ajustes[K]) : DEFAULT_AJUSTES[clave];
  } catch {
    return DEFAULT_AJUSTES[clave];
  }
}

/** Writes a setting (insert or update). */
export async function setAjuste<K extends keyof Ajustes>(
  db: Db,
  clave: K,
  valor: Ajustes[K],
): Promise<void> {
  const json = JSON.stringify(valor);
  await db
    .insertInto('ajustes')
    .values({ clave, valor: json })
    .onConflict((oc) => oc.column('clave').doUpdateSet({ valor: json }))
    .execute();
}

/** Inserts the default of every setting that is missing; never overwrites. */
export async function seedAjustes(db: Db): Promise<void> {
  await db
    .insertInto('ajustes')
    .values(
      Object.entries(DEFAULT_AJUSTES).map(([clave, v]) => ({ clave, valor: JSON.stringify(v) })),
    )
    .onConflict((oc) => oc.column('clave').doNothing())
    .execute();
}
