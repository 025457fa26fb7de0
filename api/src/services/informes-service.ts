/**
 * Saved reports (issue #6): list, read, create, edit and delete, between the thin route
 * handlers and the repositories. Who may see or change a report and what its `filtros` may hold
 * are the rules of `informes-rules.ts`; every write is audited with the change in the same
 * transaction, and a PATCH with a stale `version` is 409 (DESIGN.md §3).
 */
import {
  INFORMES_MESSAGES,
  INFORMES_PAGE_SIZE_DEFAULT,
  type Informe,
  type InformeCreate,
  type InformeList,
  type InformeListQuery,
  type InformePatch,
} from '@gestion/shared';
import { validationError } from '../lib/http-errors';
import { searchText } from '../repositories/eventos-repository';
import {
  deleteInforme,
  insertInforme,
  listInformes,
  toInforme,
  updateInforme,
  type InformeChanges,
  type InformeSortField,
} from '../repositories/informes-repository';
import { versionConflict } from './admin-common';
import {
  INFORMES_AUDIT,
  checkFiltros,
  datosVisibles,
  getInforme,
  informeNotFound,
  requireDatos,
  requireGestion,
  visibleInforme,
} from './informes-rules';
import type { Caller, ServiceDeps } from './service-deps';

/** Trimmed nombre; 400 `nombreRequired` when blank. */
function checkNombre(nombre: string): string {
  const t = nombre.trim();
  if (t === '')
    throw validationError([{ field: 'nombre', message: INFORMES_MESSAGES.nombreRequired }]);
  return t;
}

/** The wire fields a report's audit row records. */
function audited(i: Informe) {
  return { nombre: i.nombre, descripcion: i.descripcion, tipo: i.tipo, filtros: i.filtros };
}

/** The saved-reports use cases over one database. */
export function createInformesService(deps: ServiceDeps) {
  const { db, dialect, now, audit } = deps;
  return {
    /**
     * One page of the reports `caller` may run (issue #13: the others are not listed), newest
     * first unless `sort` says otherwise.
     */
    async list(query: InformeListQuery, caller: Caller): Promise<InformeList> {
      const page = query.page ?? 1;
      const pageSize = query.pageSize ?? INFORMES_PAGE_SIZE_DEFAULT;
      const sort = query.sort ?? '-creadoEn';
      const desc = sort.startsWith('-');
      const datos = datosVisibles(caller.user);
      const { items, total } = await listInformes(
        db,
        {
          words: searchText(query.q ?? '')
            .split(' ')
            .filter(Boolean),
          ...(query.tipo ? { tipo: query.tipo } : {}),
          sort: { field: (desc ? sort.slice(1) : sort) as InformeSortField, desc },
          page,
          pageSize,
          ...(datos ? { datos } : {}),
        },
        dialect,
      );
      return { items: items.map(toInforme), total, page, pageSize };
    },

    /**
     * The report as `caller` may see it: whole to those who may read its data, otherwise
     * without its filter (issue #13). @throws 404.
     */
    get: async (id: number, caller: Caller): Promise<Informe> =>
      visibleInforme(caller.user, await getInforme(db, id)),

    /**
     * Creates a report owned by the caller. Refusals: 403 without the data's read permission,
     * 400 blank nombre or bad `filtros`.
     */
    async create(body: InformeCreate, caller: Caller): Promise<Informe> {
      requireDatos(caller.user, body.tipo, body.filtros);
      const nombre = checkNombre(body.nombre);
      checkFiltros(body.tipo, body.filtros);
      return db.transaction().execute(async (tx) => {
        const id = await insertInforme(tx, {
          nombre,
          busqueda: searchText(nombre),
          descripcion: body.descripcion?.trim() ?? '',
          tipo: body.tipo,
          filtros: body.filtros ?? null,
          creadoPor: caller.user?.id ?? null,
          at: now(),
        });
        const informe = await getInforme(tx, id);
        await audit(
          caller,
          {
            accion: INFORMES_AUDIT.crear,
            objetivoTipo: 'informe',
            objetivoId: id,
            cambios: { antes: null, despues: audited(informe) },
          },
          tx,
        );
        return informe;
      });
    },

    /**
     * Edits a report (`tipo` is fixed). Refusals in this order: 404, 403 (not its author nor an
     * admin; then the data of the report as stored or as edited), 409 stale `version`, 400 blank
     * nombre or bad `filtros`. A PATCH that changes nothing answers the stored report without a
     * new version or audit row.
     */
    async patch(id: number, body: InformePatch, caller: Caller): Promise<Informe> {
      const { user } = caller;
      return db.transaction().execute(async (tx) => {
        const current = await getInforme(tx, id);
        requireGestion(user, current, INFORMES_MESSAGES.soloAutorEditar);
        requireDatos(user, current.tipo, current.filtros);
        if (body.filtros !== undefined) requireDatos(user, current.tipo, body.filtros);
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
        if (!(await updateInforme(tx, id, body.version, changes, now()))) throw versionConflict();
        await audit(
          caller,
          {
            accion: INFORMES_AUDIT.editar,
            objetivoTipo: 'informe',
            objetivoId: id,
            cambios: { antes, despues },
          },
          tx,
        );
        return getInforme(tx, id);
      });
    },

    /** Deletes a report. @throws 404 when it does not exist, 403 for someone not its author nor an admin. */
    async remove(id: number, caller: Caller): Promise<void> {
      await db.transaction().execute(async (tx) => {
        const current = await getInforme(tx, id);
        requireGestion(caller.user, current, INFORMES_MESSAGES.soloAutorEliminar);
        if (!(await deleteInforme(tx, id))) throw informeNotFound();
        await audit(
          caller,
          {
            accion: INFORMES_AUDIT.eliminar,
            objetivoTipo: 'informe',
            objetivoId: id,
            cambios: { antes: audited(current), despues: null },
          },
          tx,
        );
      });
    },
  };
}
