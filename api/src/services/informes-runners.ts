/**
 * How each report type answers (issue #6): its columns, one page of rows, the chart's `serie`
 * and every row in batches for the CSV (`resultado.csv` streams the whole result, not a page).
 * Counts read the trigger-kept counters where a filter allows (migrations 0005 and 0007), so a
 * chart over a million users is not a million-row GROUP BY.
 */
import {
  EVENTO_ESTADOS,
  FILTRO_CAMPOS,
  SERIE_MAX_PUNTOS,
  type Columna,
  type FiltroEntidad,
  type InformeTipo,
  type Punto,
} from '@gestion/shared';
import type { Expression, Kysely, SqlBool } from 'kysely';
import type { Database } from '../db/database';
import type { Db, Dialect } from '../db/types';
import { filtroWhere } from '../repositories/filtrado-condiciones';
import {
  corteDeContadores,
  findFiltered,
  streamFiltered,
  usuariosContados,
  type Corte,
  type FiltradoItem,
} from '../repositories/filtrado-repository';
import {
  actividadPorDia,
  countEventosConPeriodos,
  eventosPorEstado,
  eventosPorMes,
  periodosPorEvento,
  periodosPorEventoBatches,
  usuariosPorActivo,
  usuariosPorRol,
} from '../repositories/informes-agregados-repository';
import type { ValidatedFiltro } from './filtrado-service';

/** Rows per query when a result is streamed as CSV. */
export const RESULTADO_BATCH_SIZE = 1000;

/** What a runner reads with: the database and which one it is (filters compile per dialect). */
export interface RunnerDeps {
  db: Kysely<Database>;
  dialect: Dialect;
}

/** One row of a result, keyed by `Columna.campo`. */
export type Fila = Record<string, string | number | boolean | null>;

/** How one report type answers: columns, a page of rows, the chart and every row in batches. */
export interface Runner {
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
function whereOf(v: ValidatedFiltro | null, dialect: Dialect): Expression<SqlBool> | undefined {
  if (!v || v.filtros.length === 0) return undefined;
  return filtroWhere(v.entidad, v.filtros, dialect);
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

function listadoRunner({ db, dialect }: RunnerDeps, v: ValidatedFiltro): Runner {
  const columnas = listadoColumnas(v.entidad);
  const where = whereOf(v, dialect);
  return {
    columnas,
    async page(page, pageSize) {
      const { items, total } = await findFiltered(db, v, page, pageSize);
      return { filas: items.map((i) => toFila(i, columnas)), total };
    },
    async serie() {
      if (v.entidad === 'eventos') return estadoPuntos(db, where);
      // A filter the counters can answer (`corteDeContadores`: every period; users by one
      // role and/or activo) reads them instead of grouping a million rows.
      const corte = await corteDeContadores(db, v);
      if (v.entidad === 'periodos') {
        const top = await periodosPorEvento(db, {
          ...(where && !corte ? { where } : {}),
          limit: SERIE_MAX_PUNTOS,
        });
        return top.map((r) => ({ etiqueta: r.evento, valor: r.n }));
      }
      const { activos, inactivos } = corte
        ? await activosPorContadores(db, corte)
        : await usuariosPorActivo(db, where);
      return [
        { etiqueta: 'activo', valor: activos },
        { etiqueta: 'inactivo', valor: inactivos },
      ];
    },
    async *batches() {
      for await (const items of streamFiltered(db, v, RESULTADO_BATCH_SIZE)) {
        yield items.map((i) => toFila(i, columnas));
      }
    },
  };
}

function periodosPorEventoRunner({ db, dialect }: RunnerDeps, v: ValidatedFiltro | null): Runner {
  const where = whereOf(v, dialect);
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
        periodosPorEvento(db, { ...w, limit: pageSize, offset: (page - 1) * pageSize }),
        countEventosConPeriodos(db, where),
      ]);
      return { filas: toFilas(rows), total };
    },
    async serie() {
      const rows = await periodosPorEvento(db, { ...w, limit: SERIE_MAX_PUNTOS });
      return rows.map((r) => ({ etiqueta: r.evento, valor: r.n }));
    },
    async *batches() {
      for await (const rows of periodosPorEventoBatches(db, where, RESULTADO_BATCH_SIZE)) {
        yield toFilas(rows);
      }
    },
  };
}

/** The runner of a report of `tipo` whose `filtros` was validated (`checkFiltros`). */
export function runnerOf(deps: RunnerDeps, tipo: InformeTipo, v: ValidatedFiltro | null): Runner {
  const { db, dialect } = deps;
  const where = whereOf(v, dialect);
  switch (tipo) {
    case 'listado':
      // checkFiltros refuses a listado without filtros.
      return listadoRunner(deps, v!);
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
      return periodosPorEventoRunner(deps, v);
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
