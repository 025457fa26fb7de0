/**
 * The rules of saved reports (issue #6; contract in shared/src/contracts/informes.ts), between
 * the thin route handlers and the repositories:
 *
 * - a report's `filtros` is a saved filter checked by the filter engine (`validateFiltro`, the
 *   same whitelist as /api/filtrado): required for `listado`, optional and over the type's own
 *   entity (`INFORME_ENTIDAD`) for the counts, refused for `actividad`;
 * - running, exporting, creating or editing a report also needs the read permission of the data
 *   it shows (`INFORME_PERMISO_DATOS`), checked after the report is loaded (404 before 403);
 * - every write is audited with the change in the same transaction; a PATCH with a stale
 *   `version` is 409 (DESIGN.md §3);
 * - each type has a runner: its columns, one page of rows, the chart's `serie` and every row in
 *   batches for the CSV (`resultado.csv` streams the whole result, not a page).
 */
import {
  ADMIN_ROLE,
  API_MESSAGES,
  ERROR_CODES,
  EVENTO_ESTADOS,
  FILTRO_CAMPOS,
  FILTRO_ENTIDADES,
  INFORME_ENTIDAD,
  INFORME_GRAFICO,
  INFORME_PERMISO_DATOS,
  INFORME_TIPO_LABELS,
  INFORMES_MESSAGES,
  SERIE_MAX_PUNTOS,
  formatFiltradoMessage,
  hasPermission,
  hasRole,
  puedeEjecutarInforme,
  puedeGestionarInforme,
  type Columna,
  type ErrorDetail,
  type FiltroEntidad,
  type FiltroGuardado,
  type Informe,
  type InformeCreate,
  type InformePatch,
  type InformeResultado,
  type InformeTipo,
  type Punto,
  type User,
} from '@gestion/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Expression, SqlBool } from 'kysely';
import type { Readable } from 'node:stream';
import { forbidden, HttpError, validationError } from '../lib/http-errors';
import { searchText } from '../repositories/eventos-repository';
import {
  corteDeContadores,
  filtroWhere,
  findFiltered,
  streamFiltered,
  usuariosContados,
  type Corte,
  type FiltradoItem,
} from '../repositories/filtrado-repository';
import {
  actividadPorDia,
  countEventosConPeriodos,
  deleteInforme,
  eventosPorEstado,
  eventosPorMes,
  findInforme,
  insertInforme,
  periodosPorEvento,
  periodosPorEventoBatches,
  toInforme,
  updateInforme,
  usuariosPorActivo,
  usuariosPorRol,
  type InformeChanges,
  type InformeFilter,
} from '../repositories/informes-repository';
import type { Db } from '../db/types';
import { csvStream, type CsvSeparator, type CsvValue } from './csv';
import { validateFiltro, type ValidatedFiltro } from './filtrado-service';

/** Audit action names of this area. */
export const INFORMES_AUDIT = {
  crear: 'informes.crear',
  editar: 'informes.editar',
  eliminar: 'informes.eliminar',
  exportar: 'informes.exportar',
} as const;

/** Rows per query when a result is streamed as CSV. */
export const RESULTADO_BATCH_SIZE = 1000;

function informeNotFound(): HttpError {
  return new HttpError(404, ERROR_CODES.notFound, INFORMES_MESSAGES.informeNotFound);
}

function versionConflict(): HttpError {
  return new HttpError(409, ERROR_CODES.versionConflict, API_MESSAGES.versionConflict);
}

function refused(field: string, message: string): HttpError {
  return new HttpError(400, ERROR_CODES.validation, message, [{ field, message }]);
}

/**
 * 403 unless `user` may read the data of a report of `tipo` with `filtros`
 * (`puedeEjecutarInforme`: eventos:ver, periodos:ver, usuarios:ver, auditoria:ver).
 */
function requireDatos(
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
function requireGestion(user: User | null, informe: Informe, message: string): void {
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

/** Trimmed nombre; 400 `nombreRequired` when blank. */
function checkNombre(nombre: string): string {
  const t = nombre.trim();
  if (t === '')
    throw validationError([{ field: 'nombre', message: INFORMES_MESSAGES.nombreRequired }]);
  return t;
}

/** The report, or 404 `El informe no existe`. */
export async function getInforme(db: Db, id: number): Promise<Informe> {
  const row = await findInforme(db, id);
  if (!row) throw informeNotFound();
  return toInforme(row);
}

/** The wire fields a report's audit row records. */
function audited(i: Informe) {
  return { nombre: i.nombre, descripcion: i.descripcion, tipo: i.tipo, filtros: i.filtros };
}

/**
 * Creates a report owned by the signed-in user. Refusals: 403 without the data's read
 * permission, 400 blank nombre or bad `filtros`.
 */
export async function createInforme(
  app: FastifyInstance,
  request: FastifyRequest,
  body: InformeCreate,
): Promise<Informe> {
  requireDatos(request.user, body.tipo, body.filtros);
  const nombre = checkNombre(body.nombre);
  checkFiltros(body.tipo, body.filtros);
  return app.db.transaction().execute(async (db) => {
    const id = await insertInforme(db, {
      nombre,
      busqueda: searchText(nombre),
      descripcion: body.descripcion?.trim() ?? '',
      tipo: body.tipo,
      filtros: body.filtros ?? null,
      creadoPor: request.user?.id ?? null,
      at: app.now(),
    });
    const informe = await getInforme(db, id);
    await app.audit(
      request,
      {
        accion: INFORMES_AUDIT.crear,
        objetivoTipo: 'informe',
        objetivoId: id,
        cambios: { antes: null, despues: audited(informe) },
      },
      db,
    );
    return informe;
  });
}

/**
 * Edits a report (`tipo` is fixed). Refusals in this order: 404, 403 (not its author nor an
 * admin; then the data of the report as stored or as edited), 409 stale `version`, 400 blank nombre or bad `filtros`. A PATCH that
 * changes nothing answers the stored report without a new version or audit row.
 */
export async function patchInforme(
  app: FastifyInstance,
  request: FastifyRequest,
  id: number,
  body: InformePatch,
): Promise<Informe> {
  return app.db.transaction().execute(async (db) => {
    const current = await getInforme(db, id);
    requireGestion(request.user, current, INFORMES_MESSAGES.soloAutorEditar);
    requireDatos(request.user, current.tipo, current.filtros);
    if (body.filtros !== undefined) requireDatos(request.user, current.tipo, body.filtros);
    if (current.version !== body.version) throw versionConflict();
    const nombre = body.nombre === undefined ? undefined : checkNombre(body.nombre);
    const descripcion =
      body.descripcion === undefined ? undefined : (body.descripcion ?? '').trim();
    if (body.filtros !== undefined) checkFiltros(current.tipo, body.filtros);

    const changes: InformeChanges = {};
    const antes: Partial<Informe> = {};
    const despues: Partial<Informe> = {};
    if (nombre !== undefined && nombre !== current.nombre) {
      changes.nombre = { nombre, busqueda: searchText(nombre) };
      antes.nombre = current.nombre;
      despues.nombre = nombre;
    }
    if (descripcion !== undefined && descripcion !== current.descripcion) {
      changes.descripcion = descripcion;
      antes.descripcion = current.descripcion;
      despues.descripcion = descripcion;
    }
    if (
      body.filtros !== undefined &&
      JSON.stringify(body.filtros) !== JSON.stringify(current.filtros)
    ) {
      changes.filtros = body.filtros;
      antes.filtros = current.filtros;
      despues.filtros = body.filtros;
    }
    if (Object.keys(despues).length === 0) return current;
    if (!(await updateInforme(db, id, body.version, changes, app.now()))) throw versionConflict();
    await app.audit(
      request,
      {
        accion: INFORMES_AUDIT.editar,
        objetivoTipo: 'informe',
        objetivoId: id,
        cambios: { antes, despues },
      },
      db,
    );
    return getInforme(db, id);
  });
}

/** Deletes a report; 404 when it does not exist, 403 for someone not its author nor an admin. */
export async function removeInforme(
  app: FastifyInstance,
  request: FastifyRequest,
  id: number,
): Promise<void> {
  await app.db.transaction().execute(async (db) => {
    const current = await getInforme(db, id);
    requireGestion(request.user, current, INFORMES_MESSAGES.soloAutorEliminar);
    if (!(await deleteInforme(db, id))) throw informeNotFound();
    await app.audit(
      request,
      {
        accion: INFORMES_AUDIT.eliminar,
        objetivoTipo: 'informe',
        objetivoId: id,
        cambios: { antes: audited(current), despues: null },
      },
      db,
    );
  });
}

// ---------------------------------------------------------------------------------------------
// Runners
// ---------------------------------------------------------------------------------------------

/** One row of a result, keyed by `Columna.campo`. */
export type Fila = Record<string, string | number | boolean | null>;

/** How one report type answers: columns, a page of rows, the chart and every row in batches. */
interface Runner {
  columnas: Columna[];
  page(page: number, pageSize: number): Promise<{ filas: Fila[]; total: number }>;
  serie(): Promise<Punto[]>;
  batches(): AsyncIterable<Fila[]>;
}

const TOTAL: Columna = { campo: 'total', titulo: 'Total', tipo: 'numero' };

/**
 * A runner over a small result computed at once (a row per estado, month, role or day: at most a
 * few thousand), paged in memory; the chart takes the first `SERIE_MAX_PUNTOS` rows.
 */
function smallResult(
  columnas: Columna[],
  compute: () => Promise<Fila[]>,
  toPunto: (f: Fila) => Punto,
): Runner {
  let rows: Promise<Fila[]> | undefined;
  const all = () => (rows ??= compute());
  return {
    columnas,
    async page(page, pageSize) {
      const filas = await all();
      const from = (page - 1) * pageSize;
      return { filas: filas.slice(from, from + pageSize), total: filas.length };
    },
    async serie() {
      return (await all()).slice(0, SERIE_MAX_PUNTOS).map(toPunto);
    },
    async *batches() {
      yield await all();
    },
  };
}

/** The filter as SQL over the entity's aliased table, or undefined when it filters nothing. */
function whereOf(v: ValidatedFiltro | null, app: FastifyInstance): Expression<SqlBool> | undefined {
  if (!v || v.filtros.length === 0) return undefined;
  return filtroWhere(v.entidad, v.filtros, app.database.dialect);
}

/** Columns of a `listado`: the entity's whitelisted fields (a user's `rol` as its `roles`). */
function listadoColumnas(entidad: FiltroEntidad): Columna[] {
  return FILTRO_CAMPOS[entidad].map((c) =>
    c.campo === 'rol'
      ? { campo: 'roles', titulo: 'Roles', tipo: 'texto' }
      : {
          campo: c.campo,
          titulo: c.etiqueta,
          tipo: c.tipo === 'enum' ? 'texto' : c.tipo,
        },
  );
}

/** An item of the entity's list shape as a row of `columnas` (role nombres joined by `, `). */
function toFila(item: FiltradoItem, columnas: readonly Columna[]): Fila {
  const src = item as unknown as Record<string, unknown>;
  const fila: Fila = {};
  for (const { campo } of columnas) {
    const v = src[campo];
    fila[campo] = Array.isArray(v)
      ? v.join(', ')
      : v === undefined
        ? null
        : (v as string | number | boolean | null);
  }
  return fila;
}

async function estadoPuntos(db: Db, where: Expression<SqlBool> | undefined): Promise<Punto[]> {
  const counts = await eventosPorEstado(db, where);
  return EVENTO_ESTADOS.map((estado) => ({ etiqueta: estado, valor: counts.get(estado) ?? 0 }));
}

/** The usuarios listado's chart from the counters (migration 0007) for a `Corte` of users. */
async function activosPorContadores(
  db: Db,
  corte: Corte,
): Promise<{ activos: number; inactivos: number }> {
  const { total, activos } = await usuariosContados(db, corte.rol);
  return {
    activos: corte.activo === false ? 0 : activos,
    inactivos: corte.activo === true ? 0 : total - activos,
  };
}

function listadoRunner(app: FastifyInstance, v: ValidatedFiltro): Runner {
  const columnas = listadoColumnas(v.entidad);
  const where = whereOf(v, app);
  return {
    columnas,
    async page(page, pageSize) {
      const { items, total } = await findFiltered(app.db, v, page, pageSize);
      return { filas: items.map((i) => toFila(i, columnas)), total };
    },
    async serie() {
      if (v.entidad === 'eventos') return estadoPuntos(app.db, where);
      // A filter the counters can answer (`corteDeContadores`: every period; users by one
      // role and/or activo) reads them instead of grouping a million rows.
      const corte = await corteDeContadores(app.db, v);
      if (v.entidad === 'periodos') {
        const top = await periodosPorEvento(app.db, {
          ...(where && !corte ? { where } : {}),
          limit: SERIE_MAX_PUNTOS,
        });
        return top.map((r) => ({ etiqueta: r.evento, valor: r.n }));
      }
      const { activos, inactivos } = corte
        ? await activosPorContadores(app.db, corte)
        : await usuariosPorActivo(app.db, where);
      return [
        { etiqueta: 'activo', valor: activos },
        { etiqueta: 'inactivo', valor: inactivos },
      ];
    },
    async *batches() {
      for await (const items of streamFiltered(app.db, v, RESULTADO_BATCH_SIZE)) {
        yield items.map((i) => toFila(i, columnas));
      }
    },
  };
}

function periodosPorEventoRunner(app: FastifyInstance, v: ValidatedFiltro | null): Runner {
  const where = whereOf(v, app);
  const w = where ? { where } : {};
  const toFilas = (rows: Awaited<ReturnType<typeof periodosPorEvento>>): Fila[] =>
    rows.map((r) => ({ eventoId: r.eventoId, evento: r.evento, total: r.n }));
  return {
    columnas: [
      { campo: 'eventoId', titulo: 'Evento (id)', tipo: 'numero' },
      { campo: 'evento', titulo: 'Evento', tipo: 'texto' },
      { campo: 'total', titulo: 'Periodos', tipo: 'numero' },
    ],
    async page(page, pageSize) {
      const [rows, total] = await Promise.all([
        periodosPorEvento(app.db, { ...w, limit: pageSize, offset: (page - 1) * pageSize }),
        countEventosConPeriodos(app.db, where),
      ]);
      return { filas: toFilas(rows), total };
    },
    async serie() {
      const rows = await periodosPorEvento(app.db, { ...w, limit: SERIE_MAX_PUNTOS });
      return rows.map((r) => ({ etiqueta: r.evento, valor: r.n }));
    },
    async *batches() {
      for await (const rows of periodosPorEventoBatches(app.db, where, RESULTADO_BATCH_SIZE)) {
        yield toFilas(rows);
      }
    },
  };
}

/** The runner of a report whose `filtros` was validated (`checkFiltros`). */
function runnerOf(app: FastifyInstance, tipo: InformeTipo, v: ValidatedFiltro | null): Runner {
  const { db } = app;
  const where = whereOf(v, app);
  switch (tipo) {
    case 'listado':
      // checkFiltros refuses a listado without filtros.
      return listadoRunner(app, v!);
    case 'eventos-por-estado':
      return smallResult(
        [{ campo: 'estado', titulo: 'Estado', tipo: 'texto' }, TOTAL],
        async () =>
          (await estadoPuntos(db, where)).map((p) => ({ estado: p.etiqueta, total: p.valor })),
        (f) => ({ etiqueta: String(f.estado), valor: Number(f.total) }),
      );
    case 'eventos-por-mes':
      return smallResult(
        [{ campo: 'mes', titulo: 'Mes', tipo: 'texto' }, TOTAL],
        async () => (await eventosPorMes(db, where)).map((r) => ({ mes: r.mes, total: r.n })),
        (f) => ({ etiqueta: String(f.mes), valor: Number(f.total) }),
      );
    case 'periodos-por-evento':
      return periodosPorEventoRunner(app, v);
    case 'usuarios-por-rol':
      return smallResult(
        [
          { campo: 'rol', titulo: 'Rol', tipo: 'texto' },
          { ...TOTAL, titulo: 'Usuarios' },
        ],
        async () => {
          // By activo alone (or trivially by id), from the counters' active split.
          const corte = v ? await corteDeContadores(db, v) : undefined;
          const rows =
            corte && corte.rol === undefined
              ? await usuariosPorRol(db, undefined, corte.activo)
              : await usuariosPorRol(db, where);
          return rows.map((r) => ({ rol: r.rol, total: r.n }));
        },
        (f) => ({ etiqueta: String(f.rol), valor: Number(f.total) }),
      );
    case 'actividad':
      return smallResult(
        [
          { campo: 'dia', titulo: 'Día', tipo: 'texto' },
          { ...TOTAL, titulo: 'Eventos de auditoría' },
        ],
        async () => (await actividadPorDia(db)).map((r) => ({ dia: r.dia, total: r.n })),
        (f) => ({ etiqueta: String(f.dia), valor: Number(f.total) }),
      );
  }
}

/** Loads a report for running or exporting: 404, then 403 without its data's permission. */
async function loadForRun(app: FastifyInstance, request: FastifyRequest, id: number) {
  const informe = await getInforme(app.db, id);
  requireDatos(request.user, informe.tipo, informe.filtros);
  // Re-checked: the whitelist may have narrowed since the report was saved (400 names the field).
  const v = checkFiltros(informe.tipo, informe.filtros);
  return { informe, runner: runnerOf(app, informe.tipo, v) };
}

/**
 * GET /api/informes/:id/resultado: one page of the report's rows, the total and the chart's
 * serie (whole result, at most SERIE_MAX_PUNTOS points). 404, 403, 400 as `loadForRun`.
 */
export async function runInforme(
  app: FastifyInstance,
  request: FastifyRequest,
  id: number,
  page: number,
  pageSize: number,
): Promise<InformeResultado> {
  const { informe, runner } = await loadForRun(app, request, id);
  const [{ filas, total }, serie] = await Promise.all([
    runner.page(page, pageSize),
    runner.serie(),
  ]);
  return {
    columnas: runner.columnas,
    filas,
    serie,
    grafico: INFORME_GRAFICO[informe.tipo],
    total,
    page,
    pageSize,
  };
}

/**
 * GET /api/informes/:id/resultado.csv: the whole result as a CSV stream (header = the columns'
 * titles, `separador` between fields), read in batches as the client consumes it. Audited as
 * `informes.exportar`. Answers the report too (its nombre names the download).
 */
export async function exportInforme(
  app: FastifyInstance,
  request: FastifyRequest,
  id: number,
  separador: CsvSeparator,
): Promise<{ informe: Informe; csv: Readable }> {
  const { informe, runner } = await loadForRun(app, request, id);
  await app.audit(request, {
    accion: INFORMES_AUDIT.exportar,
    objetivoTipo: 'informe',
    objetivoId: id,
    cambios: { separador },
  });
  const header = runner.columnas.map((c) => c.titulo);
  const csv = csvStream(
    header,
    runner.batches(),
    (fila: Fila): CsvValue[] => runner.columnas.map((c) => fila[c.campo]),
    separador,
  );
  return { informe, csv };
}
