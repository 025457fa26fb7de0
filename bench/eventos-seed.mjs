// Seeds events and periods straight into a database the api has already migrated (issue #5
// benchmark): `eventos` events, each with `periodosPorEvento` touching two-hour periods. Rows are
// deterministic (event i always has the same name, place, state and dates), so runs compare.
//
//   node bench/eventos-seed.mjs sqlite:/path/app.db 100000 10
//   node bench/eventos-seed.mjs postgres://postgres@127.0.0.1:5432/bench 100000 10 <schema>
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';

const TIPOS = [
  'Congreso',
  'Jornadas',
  'Taller',
  'Feria',
  'Seminario',
  'Encuentro',
  'Curso',
  'Festival',
  'Asamblea',
  'Simposio',
  'Foro',
  'Exposición',
];
const TEMAS = [
  'de innovación',
  'de salud',
  'de educación',
  'de turismo',
  'de energía',
  'de arte',
  'de música',
  'de ciencia',
  'de empleo',
  'de deporte',
  'de cocina',
  'de cine',
  'de diseño',
  'de datos',
  'de robótica',
  'de agricultura',
  'de vivienda',
  'de movilidad',
  'de literatura',
  'de historia',
];
const LUGARES = [
  'Málaga',
  'Córdoba',
  'Sevilla',
  'Cádiz',
  'Almería',
  'Jaén',
  'Huelva',
  'Granada',
  'Ávila',
  'León',
  'Cáceres',
  'Logroño',
  'Alcalá de Henares',
  'A Coruña',
  'Lugo',
  'Ourense',
  'Girona',
  'Lleida',
  'Tarragona',
  'Castellón',
  'Valencia',
  'Alicante',
  'Murcia',
  'Bilbao',
  'San Sebastián',
  'Vitoria',
  'Pamplona',
  'Zaragoza',
  'Huesca',
  'Teruel',
  'Soria',
  'Segovia',
  'Salamanca',
  'Zamora',
  'Palencia',
  'Burgos',
  'Santander',
  'Oviedo',
  'Gijón',
  'Toledo',
  'Cuenca',
  'Albacete',
  'Ciudad Real',
  'Guadalajara',
  'Badajoz',
  'Mérida',
  'Palma',
  'Ibiza',
  'Las Palmas',
  'Tenerife',
];
const ESTADOS = [
  'publicado',
  'publicado',
  'borrador',
  'publicado',
  'finalizado',
  'borrador',
  'publicado',
  'cancelado',
  'finalizado',
  'publicado',
];
const BASE = Date.UTC(2020, 0, 1, 9);
const HOUR = 3_600_000;

/** Same normalisation as the api's `searchText`. */
function searchText(...parts) {
  return parts
    .join(' ')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** Event i (1-based). Events start every 6 hours; each spans its periods exactly. */
export function evento(i, periodosPorEvento) {
  const nombre = `${TIPOS[i % TIPOS.length]} ${TEMAS[(i * 7) % TEMAS.length]} ${i}`;
  const lugar = LUGARES[(i * 13) % LUGARES.length];
  const inicio = BASE + i * 6 * HOUR;
  return {
    id: i,
    nombre,
    lugar,
    busqueda: searchText(nombre, lugar),
    fecha_inicio: inicio,
    fecha_fin: inicio + Math.max(1, periodosPorEvento) * 2 * HOUR,
    estado: ESTADOS[i % ESTADOS.length],
  };
}

async function seedSqlite(file, eventos, porEvento, now) {
  const db = new SqliteDatabase(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  const insE =
    db.prepare(`insert into eventos (id, nombre, descripcion, lugar, busqueda, fecha_inicio,
    fecha_fin, estado, responsable_id, version, creado_en, actualizado_en)
    values (?, ?, '', ?, ?, ?, ?, ?, null, 1, ?, ?)`);
  const insP = db.prepare(`insert into periodos (evento_id, nombre, descripcion, fecha_inicio,
    fecha_fin, version, creado_en, actualizado_en) values (?, ?, '', ?, ?, 1, ?, ?)`);
  const batch = db.transaction((from, to) => {
    for (let i = from; i <= to; i++) {
      const e = evento(i, porEvento);
      insE.run(
        e.id,
        e.nombre,
        e.lugar,
        e.busqueda,
        e.fecha_inicio,
        e.fecha_fin,
        e.estado,
        now + i,
        now + i,
      );
      for (let k = 0; k < porEvento; k++) {
        const s = e.fecha_inicio + k * 2 * HOUR;
        insP.run(i, `Sesión ${k + 1}`, s, s + 2 * HOUR, now, now);
      }
    }
  });
  for (let i = 1; i <= eventos; i += 10_000) batch(i, Math.min(eventos, i + 9_999));
  db.exec('analyze');
  db.close();
}

async function seedPostgres(url, schema, eventos, porEvento, now) {
  const client = new pg.Client({
    connectionString: url,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  await client.connect();
  try {
    for (let from = 1; from <= eventos; from += 5_000) {
      const to = Math.min(eventos, from + 4_999);
      const cols = {
        id: [],
        nombre: [],
        lugar: [],
        busqueda: [],
        ini: [],
        fin: [],
        estado: [],
        t: [],
      };
      for (let i = from; i <= to; i++) {
        const e = evento(i, porEvento);
        cols.id.push(i);
        cols.nombre.push(e.nombre);
        cols.lugar.push(e.lugar);
        cols.busqueda.push(e.busqueda);
        cols.ini.push(e.fecha_inicio);
        cols.fin.push(e.fecha_fin);
        cols.estado.push(e.estado);
        cols.t.push(now + i);
      }
      await client.query('begin');
      await client.query(
        `insert into eventos (id, nombre, descripcion, lugar, busqueda, fecha_inicio, fecha_fin,
           estado, responsable_id, version, creado_en, actualizado_en) overriding system value
         select id, nombre, '', lugar, busqueda, ini, fin, estado, null, 1, t, t
         from unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::bigint[], $6::bigint[],
                     $7::text[], $8::bigint[]) as x(id, nombre, lugar, busqueda, ini, fin, estado, t)`,
        [cols.id, cols.nombre, cols.lugar, cols.busqueda, cols.ini, cols.fin, cols.estado, cols.t],
      );
      // Periods generated in SQL from the events just inserted: k-th two-hour slot.
      await client.query(
        `insert into periodos (evento_id, nombre, descripcion, fecha_inicio, fecha_fin, version,
           creado_en, actualizado_en)
         select e.id, 'Sesión ' || k, '', e.fecha_inicio + (k - 1) * 7200000,
                e.fecha_inicio + k * 7200000, 1, $3, $3
         from eventos e cross join generate_series(1, $4::int) as k
         where e.id between $1 and $2`,
        [from, to, now, porEvento],
      );
      await client.query('commit');
    }
    await client.query(
      `select setval(pg_get_serial_sequence('eventos', 'id'), (select max(id) from eventos))`,
    );
    await client.query('vacuum analyze eventos');
    await client.query('vacuum analyze periodos');
  } finally {
    await client.end();
  }
}

/**
 * Seeds `eventos` events × `porEvento` periods into `target` (`sqlite:<file>` or a postgres URL;
 * `schema` picks the PostgreSQL schema), which must be migrated and empty.
 */
export async function seedEventos(
  target,
  eventos,
  porEvento,
  { schema, now = Date.UTC(2026, 0, 1) } = {},
) {
  if (target.startsWith('sqlite:'))
    await seedSqlite(target.slice('sqlite:'.length), eventos, porEvento, now);
  else await seedPostgres(target, schema, eventos, porEvento, now);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [target, eventos = '100000', porEvento = '10', schema] = process.argv.slice(2);
  const t0 = Date.now();
  await seedEventos(target, Number(eventos), Number(porEvento), { schema });
  console.log(
    JSON.stringify({
      target: target.replace(/\/\/.*@/, '//…@'),
      eventos: Number(eventos),
      porEvento: Number(porEvento),
      ms: Date.now() - t0,
    }),
  );
}
