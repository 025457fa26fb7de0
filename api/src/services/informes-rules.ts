/**
 * What the services of saved reports share (issue #6; contract in
 * shared/src/contracts/informes.ts): audit action names, the refusals, who may see, run and
 * change a report, and the check of a report's `filtros`.
 *
 * - A report's `filtros` is a saved filter checked by the filter engine (`validateFiltro`, the
 *   same whitelist as /api/filtrado): required for `listado`, optional and over the type's own
 *   entity (`INFORME_ENTIDAD`) for the counts, refused for `actividad`.
 * - Running, exporting, creating or editing a report also needs the read permission of the data
 *   it shows (`INFORME_PERMISO_DATOS`), checked after the report is loaded (404 before 403).
 * - Only its author or an admin changes a report (`puedeGestionarInforme`, issue #13); a report
 *   whose data the reader may not see is shown without its filter.
 *
 * The use cases: `informes-service.ts` (saved reports), `informes-ejecucion-service.ts`
 * (running and exporting them, through the runners of `informes-runners.ts`).
 */
import {
  ADMIN_ROLE,
  ERROR_CODES,
  FILTRO_ENTIDADES,
  INFORME_ENTIDAD,
  INFORME_PERMISO_DATOS,
  INFORME_TIPO_LABELS,
  INFORMES_MESSAGES,
  formatFiltradoMessage,
  hasPermission,
  hasRole,
  puedeEjecutarInforme,
  puedeGestionarInforme,
  type ErrorDetail,
  type FiltroGuardado,
  type Informe,
  type InformeTipo,
  type User,
} from '@gestion/shared';
import type { Db } from '../db/types';
import { forbidden, HttpError } from '../lib/http-errors';
import { findInforme, toInforme, type InformeFilter } from '../repositories/informes-repository';
import { validateFiltro, type ValidatedFiltro } from './filtrado-service';

/** Audit action names of this area. */
export const INFORMES_AUDIT = {
  crear: 'informes.crear',
  editar: 'informes.editar',
  eliminar: 'informes.eliminar',
  exportar: 'informes.exportar',
} as const;

/** 404 `El informe no existe`. */
export function informeNotFound(): HttpError {
  return new HttpError(404, ERROR_CODES.notFound, INFORMES_MESSAGES.informeNotFound);
}

/** 400 `VALIDATION_ERROR` naming one field. */
function refused(field: string, message: string): HttpError {
  return new HttpError(400, ERROR_CODES.validation, message, [{ field, message }]);
}

/** The report, or 404 `El informe no existe`. */
export async function getInforme(db: Db, id: number): Promise<Informe> {
  const row = await findInforme(db, id);
  if (!row) throw informeNotFound();
  return toInforme(row);
}

/**
 * 403 unless `user` may read the data of a report of `tipo` with `filtros`
 * (`puedeEjecutarInforme`: eventos:ver, periodos:ver, usuarios:ver, auditoria:ver).
 */
export function requireDatos(
  user: User | null,
  tipo: InformeTipo,
  filtros: FiltroGuardado | null | undefined,
): void {
  if (!puedeEjecutarInforme(user, { tipo, filtros })) throw forbidden();
}

/**
 * 403 `message` unless `user` is the report's author or an admin (`puedeGestionarInforme`,
 * issue #13): holding informes:crear or informes:eliminar lets one change one's own reports, not
 * a colleague's.
 */
export function requireGestion(user: User | null, informe: Informe, message: string): void {
  if (!puedeGestionarInforme(user, informe)) {
    throw new HttpError(403, ERROR_CODES.forbidden, message);
  }
}

/**
 * The report as `user` may see it: whole when they may read its data, otherwise with its
 * filter withheld (`filtros: null`, `filtrosOcultos: true`) — the stored values of a filter
 * over usuarios are user data (issue #13).
 */
export function visibleInforme(user: User | null, informe: Informe): Informe {
  if (informe.filtros === null || puedeEjecutarInforme(user, informe)) return informe;
  return { ...informe, filtros: null, filtrosOcultos: true };
}

/**
 * What of the reports' data `user` may read, as `listInformes` filters by (undefined: all of
 * it, for an admin), so the list holds only reports the caller may run (issue #13).
 */
export function datosVisibles(user: User | null): InformeFilter['datos'] {
  if (hasRole(user, ADMIN_ROLE)) return undefined;
  return {
    entidades: FILTRO_ENTIDADES.filter((e) => hasPermission(user, INFORME_PERMISO_DATOS[e])),
    auditoria: hasPermission(user, INFORME_PERMISO_DATOS.auditoria),
  };
}

/**
 * Checks a report's `filtros` for its type and answers the filter engine's validated form (null
 * when the report has none).
 * @throws HttpError 400 `VALIDATION_ERROR`: `filtrosRequired` (listado without one),
 *   `filtrosNoAdmitidos` (actividad with one), `filtrosEntidad` (a count over another entity),
 *   or the filter engine's refusal with its `details[].field` under `filtros.` (`filtros.filtros[0].campo`).
 */
export function checkFiltros(
  tipo: InformeTipo,
  filtros: FiltroGuardado | null | undefined,
): ValidatedFiltro | null {
  const label = INFORME_TIPO_LABELS[tipo];
  if (filtros === null || filtros === undefined) {
    if (tipo === 'listado') throw refused('filtros', INFORMES_MESSAGES.filtrosRequired);
    return null;
  }
  if (tipo === 'actividad') {
    throw refused(
      'filtros',
      formatFiltradoMessage(INFORMES_MESSAGES.filtrosNoAdmitidos, { tipo: label }),
    );
  }
  const entidad = INFORME_ENTIDAD[tipo];
  if (entidad !== null && filtros.entidad !== entidad) {
    throw refused(
      'filtros.entidad',
      formatFiltradoMessage(INFORMES_MESSAGES.filtrosEntidad, { tipo: label, entidad }),
    );
  }
  try {
    return validateFiltro(filtros);
  } catch (err) {
    if (!(err instanceof HttpError) || !err.details) throw err;
    const details: ErrorDetail[] = err.details.map((d) => ({
      ...d,
      field: `filtros.${d.field}`,
    }));
    throw new HttpError(err.statusCode, err.code, err.message, details);
  }
}
