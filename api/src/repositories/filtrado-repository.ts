/**
 * The filter builder's queries (issue #6): one page of an entity's rows matching a validated
 * filter (`validateFiltro`, services/filtrado-service.ts), every match in keyset batches for CSV
 * exports, and the counts a trigger-kept counter can answer instead of a scan. The conditions
 * themselves are built by filtrado-condiciones.ts. Shared with /api/informes.
 */
import type { Evento, Periodo, Usuario } from '@gestion/shared';
import { sql, type Kysely, type SqlBool } from 'kysely';
import type { Db, Dialect } from '../db/types';
import type { CondicionValidada, ValidatedFiltro } from '../services/filtrado-service';
import { iso, toEvento, type EventoRow } from './eventos-repository';
import { applyFiltros, columna, dialectOf, FILTRO_TABLA, ref } from './filtrado-condiciones';
import { toPeriodo, type PeriodoRow } from './periodos-repository';
import { rolesOf } from './usuarios-admin-repository';

type Entidad = ValidatedFiltro['entidad'];

/** An item of the entity's list endpoint. */
export type FiltradoItem = Evento | Periodo | Usuario;

interface UsuarioRow {
  id: number;
  email: string;
  nombre: string;
  activo: number;
  creado_en: number;
  ultimo_acceso: number | null;
  version: number;
}

/** Users as GET /api/usuarios answers them (roles by nombre, alphabetical). */
async function toUsuarios(db: Db, rows: readonly UsuarioRow[]): Promise<Usuario[]> {
  const roles = await rolesOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    nombre: r.nombre,
    activo: Number(r.activo) === 1,
    roles: roles.get(r.id) ?? [],
    creadoEn: iso(r.creado_en),
    ultimoAcceso: r.ultimo_acceso === null ? null : iso(r.ultimo_acceso),
    version: r.version,
  }));
}

const USUARIO_COLUMNS = [
  'id',
  'email',
  'nombre',
  'activo',
  'creado_en',
  'ultimo_acceso',
  'version',
] as const;

/** The columns the eventos and periodos mappers read. */
const ALL_COLUMNS = {
  eventos: [
    'id',
    'nombre',
    'descripcion',
    'lugar',
    'busqueda',
    'fecha_inicio',
    'fecha_fin',
    'estado',
    'responsable_id',
    'version',
    'creado_en',
    'actualizado_en',
  ],
  periodos: [
    'id',
    'evento_id',
    'nombre',
    'descripcion',
    'fecha_inicio',
    'fecha_fin',
    'version',
    'creado_en',
    'actualizado_en',
  ],
} as const;

/**
 * The database seen without table types: the entity, its table and alias are chosen at run time
 * from `FILTRO_TABLA`, never from the request.
 */
type LooseDb = Kysely<Record<string, Record<string, unknown>>>;

/** `select … from <tabla> as <alias>` of the entity, no condition yet. */
function fromEntidad(db: Db, entidad: Entidad) {
  const { tabla, alias } = FILTRO_TABLA[entidad];
  return (db as unknown as LooseDb).selectFrom(`${tabla} as ${alias}`);
}

/**
 * The fields whose conditions must not choose the index of a sorted page or export batch
 * (`condicion`'s `unindexed`): on SQLite, `activo` when it keeps at least a tenth of the users.
 * Given `activo = 1`, SQLite's planner takes usuarios_activo_idx (0006, there for counting) and
 * sorts all 700 000 matches to return 25 of them (266 ms p95 at 1 000 000 users,
 * bench/results/informes.md); walking the sort's own index and skipping the other value finds
 * 25 rows after about 36. When the value is rare (a few inactive users) the index is the fast
 * path, so the counters (0007) decide. PostgreSQL's planner weighs the LIMIT itself.
 */
async function unindexedCampos(
  db: Db,
  v: ValidatedFiltro,
  dialect: Dialect,
): Promise<ReadonlySet<string> | undefined> {
  if (dialect !== 'sqlite' || v.entidad !== 'usuarios') return undefined;
  const f = v.filtros.find(
    (x) => x.campo === 'activo' && (x.operador === 'eq' || x.operador === 'ne'),
  );
  if (!f) return undefined;
  const { total, activos } = await usuariosContados(db);
  const keeps = (f.valores[0] === true) === (f.operador === 'eq') ? activos : total - activos;
  return keeps * 10 >= total ? new Set(['activo']) : undefined;
}

/** The entity's rows (the columns its mapper reads) selected with the filter, no order yet. */
function filtered(db: Db, v: ValidatedFiltro, dialect: Dialect, unindexed?: ReadonlySet<string>) {
  const q = applyFiltros(fromEntidad(db, v.entidad), v.entidad, v.filtros, dialect, unindexed);
  const { alias } = FILTRO_TABLA[v.entidad];
  const cols = v.entidad === 'usuarios' ? USUARIO_COLUMNS : ALL_COLUMNS[v.entidad];
  return q.select(cols.map((c) => sql.ref(`${alias}.${c}`).as(c)));
}

/** Rows → items in the entity's list shape. */
async function toItems(db: Db, entidad: Entidad, rows: unknown[]): Promise<FiltradoItem[]> {
  if (entidad === 'eventos') return rows.map((r) => toEvento(r as EventoRow));
  if (entidad === 'periodos') return rows.map((r) => toPeriodo(r as PeriodoRow));
  return toUsuarios(db, rows as UsuarioRow[]);
}

/**
 * What a filter asks of the trigger-kept counters: the users holding one role (`rol`) and/or
 * with one `activo`, or every row (`{}`). Undefined when a counter cannot answer it.
 */
export interface Corte {
  readonly rol?: string;
  readonly activo?: boolean;
}

/**
 * Whether every row satisfies `id gte x` / `id gt x`: ids only grow (auto-increment), so a lower
 * bound at or below today's smallest id holds for every row, now and after later inserts. The
 * report "every period" is saved as `id gte 1` (a listado needs a condition).
 */
async function cotaTrivial(db: Db, entidad: Entidad, f: CondicionValidada): Promise<boolean> {
  if (f.campo !== 'id' || (f.operador !== 'gte' && f.operador !== 'gt')) return false;
  const x = Number(f.valores[0]);
  // Asked of the table, not assumed from "ids start at 1": an explicit insert may go lower.
  const { tabla } = FILTRO_TABLA[entidad];
  const r = await sql<{ m: number | null }>`select min(id) as m from ${sql.table(tabla)}`.execute(
    db,
  );
  const min = r.rows[0]?.m;
  if (min === null || min === undefined) return false;
  return f.operador === 'gte' ? x <= Number(min) : x < Number(min);
}

/**
 * The counters' view of a validated filter (`Corte`), or undefined when it needs the table:
 * - periodos with no condition (trivial id lower bounds aside): `periodos_por_evento` (0005);
 * - usuarios with at most one `rol eq` (or `en` of one role) and at most one `activo eq`/`ne`:
 *   `usuarios_total` (0002) and `usuarios_rol_total` (0004), both with their `activos` (0007).
 * `rol en` of several roles is not a sum of counters (a user may hold two of them).
 */
export async function corteDeContadores(db: Db, v: ValidatedFiltro): Promise<Corte | undefined> {
  if (v.entidad === 'eventos') return undefined;
  let rol: string | undefined;
  let activo: boolean | undefined;
  for (const f of v.filtros) {
    const unico = f.operador === 'eq' || (f.operador === 'en' && f.valores.length === 1);
    if (v.entidad === 'usuarios' && f.campo === 'rol' && unico && rol === undefined) {
      rol = String(f.valores[0]);
    } else if (
      v.entidad === 'usuarios' &&
      f.campo === 'activo' &&
      (f.operador === 'eq' || f.operador === 'ne') &&
      activo === undefined
    ) {
      activo = (f.valores[0] === true) === (f.operador === 'eq');
    } else if (!(await cotaTrivial(db, v.entidad, f))) {
      return undefined;
    }
  }
  return { ...(rol === undefined ? {} : { rol }), ...(activo === undefined ? {} : { activo }) };
}

/**
 * Users (all, or the holders of `rol`) and how many of them are active, from the counters:
 * `usuarios_total` (0002/0007) or `usuarios_rol_total` (0004/0007; a role nobody holds, or that
 * does not exist, is 0).
 */
export async function usuariosContados(
  db: Db,
  rol?: string,
): Promise<{ total: number; activos: number }> {
  const r =
    rol === undefined
      ? await sql<{ n: number; a: number }>`select n, activos as a from usuarios_total
          where id = 1`.execute(db)
      : await sql<{ n: number; a: number }>`select coalesce(sum(t.n), 0) as n,
          coalesce(sum(t.activos), 0) as a
          from usuarios_rol_total t join roles r on r.id = t.rol_id
          where r.nombre = ${rol}`.execute(db);
  const row = r.rows[0];
  // usuarios_total always has its row (0002); a missing one is a broken database.
  if (!row) throw new Error('usuarios_total has no row');
  return { total: Number(row.n), activos: Number(row.a) };
}

/** How many rows a `Corte` of the entity holds, read from the counters. */
export async function contarPorContadores(
  db: Db,
  entidad: Exclude<Entidad, 'eventos'>,
  corte: Corte,
): Promise<number> {
  if (entidad === 'periodos') {
    // One row per event with periods: ~100 000 rows summed, not 1 000 000 periods counted.
    const r = await sql<{ n: number }>`select coalesce(sum(n), 0) as n
      from periodos_por_evento`.execute(db);
    return Number(r.rows[0]?.n ?? 0);
  }
  const { total, activos } = await usuariosContados(db, corte.rol);
  if (corte.activo === undefined) return total;
  return corte.activo ? activos : total - activos;
}

/**
 * How many rows match: from the trigger-kept counters when the filter is a `Corte` of them
 * (`corteDeContadores`) — counting the 500 000 active users, or every period, read every row
 * (0.3–2.4 s p95 at 1 000 000 rows, bench/results/informes.md) — else a count of the matches.
 */
async function countFiltered(db: Db, v: ValidatedFiltro, dialect: Dialect): Promise<number> {
  const corte = await corteDeContadores(db, v);
  if (corte && v.entidad !== 'eventos') return contarPorContadores(db, v.entidad, corte);
  const row = await applyFiltros(fromEntidad(db, v.entidad), v.entidad, v.filtros, dialect)
    .select(sql<number>`count(*)`.as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The sort column and whether it can be empty. */
function sortOf(v: ValidatedFiltro) {
  const c = columna(v.entidad, v.sort.campo);
  return { col: c.orden ?? c.col, nullable: c.nullable === true, desc: v.sort.desc };
}

/**
 * One page of the filter's matches in its order (ties by id; empty values last in both
 * directions) and the total over all pages. Items in the entity's list shape: `Evento` as
 * GET /api/eventos, `Periodo`, `Usuario` as GET /api/usuarios (with its role nombres).
 * `page` is 1-based.
 */
export async function findFiltered(
  db: Db,
  validated: ValidatedFiltro,
  page: number,
  pageSize: number,
): Promise<{ items: FiltradoItem[]; total: number }> {
  const dialect = dialectOf(db);
  const s = sortOf(validated);
  const dir = s.desc ? 'desc' : 'asc';
  const key = ref(validated.entidad, s.col);
  const id = ref(validated.entidad, 'id');
  const nulls = s.nullable ? sql` nulls last` : sql``;
  const unindexed = await unindexedCampos(db, validated, dialect);
  const [rows, total] = await Promise.all([
    filtered(db, validated, dialect, unindexed)
      .orderBy(sql`${key} ${sql.raw(dir)}${nulls}`)
      .orderBy(sql`${id} ${sql.raw(dir)}`)
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    countFiltered(db, validated, dialect),
  ]);
  return { items: await toItems(db, validated.entidad, rows), total };
}

/**
 * Every match of the filter in its order (as `findFiltered`), `batchSize` items per batch, for
 * CSV exports: each batch is one query resumed after the previous batch's last sort key and id
 * (keyset, no OFFSET), so memory stays at one batch and a late batch costs what the first does.
 * A nullable sort key is read in two runs: the rows that have it, then the empty ones by id.
 */
export async function* streamFiltered(
  db: Db,
  validated: ValidatedFiltro,
  batchSize = 1000,
): AsyncIterable<FiltradoItem[]> {
  const dialect = dialectOf(db);
  const s = sortOf(validated);
  const dir = sql.raw(s.desc ? 'desc' : 'asc');
  const cmp = sql.raw(s.desc ? '<' : '>');
  const key = ref(validated.entidad, s.col);
  const id = ref(validated.entidad, 'id');
  const runs: ('valued' | 'empty')[] = s.nullable ? ['valued', 'empty'] : ['valued'];
  const unindexed = await unindexedCampos(db, validated, dialect);
  for (const run of runs) {
    let last: { key: unknown; id: number } | undefined;
    for (;;) {
      let q = filtered(db, validated, dialect, unindexed).select([
        sql<unknown>`${key}`.as('__clave'),
        sql<number>`${id}`.as('__id'),
      ]);
      if (s.nullable) {
        q = q.where(
          run === 'valued' ? sql<SqlBool>`${key} is not null` : sql<SqlBool>`${key} is null`,
        );
      }
      if (last && run === 'valued') {
        const k = last.key;
        q = q.where(
          sql<SqlBool>`(${key} ${cmp} ${k} or (${key} = ${k} and ${id} ${cmp} ${last.id}))`,
        );
      } else if (last) {
        q = q.where(sql<SqlBool>`${id} ${cmp} ${last.id}`);
      }
      q = run === 'valued' ? q.orderBy(sql`${key} ${dir}`) : q;
      const rows = (await q
        .orderBy(sql`${id} ${dir}`)
        .limit(batchSize)
        .execute()) as Record<string, unknown>[];
      if (rows.length) {
        const tail = rows[rows.length - 1]!;
        last = { key: tail.__clave, id: Number(tail.__id) };
        yield await toItems(db, validated.entidad, rows);
      }
      if (rows.length < batchSize) break;
    }
  }
}
