/**
 * The settings /api/configuracion edits (issue #4), over the `ajustes` table of issue #2:
 * `registro_abierto`, `rol_por_defecto`, `dominios_permitidos` (issue #13), plus
 * `configuracion_version`, the optimistic-lock counter of them all (DESIGN.md §3: every stored
 * object has a version).
 */
import {
  CONFIGURACION_MESSAGES,
  DOMINIOS_PERMITIDOS_MAX,
  isValidDominio,
  normalizeDominio,
  type Configuracion,
} from '@gestion/shared';
import { validationError } from '../lib/http-errors';
import { getAjuste, setAjuste } from './ajustes-repository';
import type { Db } from '../db/types';

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
    dominiosPermitidos: await getAjuste(db, 'dominios_permitidos'),
    verificacionEmail: await getAjuste(db, 'verificacion_email'),
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
  c: {
    registroAbierto?: boolean;
    rolPorDefecto?: string;
    dominiosPermitidos?: string[];
    verificacionEmail?: boolean;
  },
): Promise<void> {
  if (c.registroAbierto !== undefined) await setAjuste(db, 'registro_abierto', c.registroAbierto);
  if (c.rolPorDefecto !== undefined) await setAjuste(db, 'rol_por_defecto', c.rolPorDefecto);
  if (c.dominiosPermitidos !== undefined)
    await setAjuste(db, 'dominios_permitidos', c.dominiosPermitidos);
  if (c.verificacionEmail !== undefined)
    await setAjuste(db, 'verificacion_email', c.verificacionEmail);
}

/**
 * `dominiosPermitidos` as stored: each normalised (`normalizeDominio`), repeats dropped, order
 * kept. @throws HttpError 400 VALIDATION_ERROR with details field `dominiosPermitidos`, one
 * per invalid domain (`«x»: No es un dominio de correo válido`) or for more than
 * `DOMINIOS_PERMITIDOS_MAX` distinct domains.
 */
export function parseDominiosPermitidos(input: readonly string[]): string[] {
  const field = 'dominiosPermitidos';
  const invalid = input.filter((d) => !isValidDominio(d));
  if (invalid.length > 0)
    throw validationError(
      invalid.map((d) => ({
        field,
        message: `«${d.slice(0, 80)}»: ${CONFIGURACION_MESSAGES.dominioInvalido}`,
      })),
    );
  const dominios = [...new Set(input.map(normalizeDominio))];
  if (dominios.length > DOMINIOS_PERMITIDOS_MAX)
    throw validationError([{ field, message: CONFIGURACION_MESSAGES.demasiadosDominios }]);
  return dominios;
}
