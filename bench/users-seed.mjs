// Seeds users straight into a database the api has already migrated (issue #4 benchmark):
// realistic Spanish names and e-mails from @faker-js/faker's `es` locale (seeded, so every run
// writes the same people), roles (70 % usuario, 20 % gestor, 1 % admin, the rest none), 60 %
// who have signed in. All share one argon2id hash (nobody signs in as them; hashing 10^6
// passwords would take hours). The normalised search columns are written exactly as the api's
// repository writes them (`usuarioSearchColumns`).
//
//   node bench/users-seed.mjs sqlite:/path/app.db 100000
//   node bench/users-seed.mjs postgres://postgres@127.0.0.1:5432/bench 1000000 <schema>
import { fakerES as faker } from '@faker-js/faker';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';

/** A valid argon2id PHC string (of a random password): never matches anything typed. */
const HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$YmVuY2hzYWx0YmVuY2g$9e3Hyb4gP1RZn5x7ZQ8G1K7QqTJr0mC4Yw2m0o7h6fA';
const BASE = Date.UTC(2022, 0, 1);
const DAY = 86_400_000;

/** Same as the api's `normalizeSearch`. */
function norm(text) {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

const DOMINIOS = ['ejemplo.es', 'correo.es', 'empresa.es', 'ayto.es', 'universidad.es', 'mail.com'];

/** User i (1-based): deterministic for a given faker seed sequence. */
function usuario(i) {
  const nombre = faker.person.firstName();
  const ap1 = faker.person.lastName();
  const ap2 = faker.person.lastName();
  const completo = `${nombre} ${ap1} ${ap2}`;
  const local = norm(`${nombre}.${ap1}`).replace(/[^a-z0-9.]+/g, '');
  const email = `${local}.${i}@${DOMINIOS[i % DOMINIOS.length]}`;
  const nombreNorm = norm(completo);
  const creado = BASE + Math.floor((i / 1000) * DAY) + (i % 1000);
  const r = i % 100;
  const rol = r < 70 ? 'usuario' : r < 90 ? 'gestor' : r === 90 ? 'admin' : null;
  return {
    email,
    nombre: completo,
    nombre_norm: nombreNorm,
    busqueda: `${nombreNorm} ${email}`,
    activo: i % 17 === 0 ? 0 : 1,
    creado,
    acceso: i % 5 < 3 ? creado + (i % 300) * DAY : null,
    rol,
  };
}

async function seedSqlite(file, total) {
  const db = new SqliteDatabase(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  const roles = Object.fromEntries(
    db
      .prepare('select nombre, id from roles')
      .all()
      .map((r) => [r.nombre, r.id]),
  );
  const insU = db.prepare(`insert into usuarios (email, nombre, nombre_norm, busqueda,
    password_hash, activo, version, creado_en, actualizado_en, ultimo_acceso)
    values (?, ?, ?, ?, ?, ?, 1, ?, ?, ?)`);
  const insR = db.prepare('insert into usuario_roles (usuario_id, rol_id) values (?, ?)');
  const batch = db.transaction((from, to) => {
    for (let i = from; i <= to; i++) {
      const u = usuario(i);
      const { lastInsertRowid } = insU.run(
        u.email,
        u.nombre,
        u.nombre_norm,
        u.busqueda,
        HASH,
        u.activo,
        u.creado,
        u.creado,
        u.acceso,
      );
      if (u.rol) insR.run(Number(lastInsertRowid), roles[u.rol]);
    }
  });
  for (let i = 1; i <= total; i += 10_000) batch(i, Math.min(total, i + 9_999));
  db.exec('analyze');
  db.close();
}

async function seedPostgres(url, schema, total) {
  const client = new pg.Client({
    connectionString: url,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  await client.connect();
  try {
    const { rows } = await client.query('select nombre, id from roles');
    const roles = Object.fromEntries(rows.map((r) => [r.nombre, r.id]));
    for (let from = 1; from <= total; from += 5_000) {
      const to = Math.min(total, from + 4_999);
      const c = {
        email: [],
        nombre: [],
        norm: [],
        busq: [],
        activo: [],
        creado: [],
        acceso: [],
        rol: [],
      };
      for (let i = from; i <= to; i++) {
        const u = usuario(i);
        c.email.push(u.email);
        c.nombre.push(u.nombre);
        c.norm.push(u.nombre_norm);
        c.busq.push(u.busqueda);
        c.activo.push(u.activo);
        c.creado.push(u.creado);
        c.acceso.push(u.acceso);
        c.rol.push(u.rol ? roles[u.rol] : null);
      }
      await client.query('begin');
      await client.query(
        `with nuevos as (
           insert into usuarios (email, nombre, nombre_norm, busqueda, password_hash, activo,
             version, creado_en, actualizado_en, ultimo_acceso)
           select email, nombre, norm, busq, $9, activo, 1, creado, creado, acceso
             from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::int[], $6::bigint[],
                         $7::bigint[], $8::int[])
                  as x(email, nombre, norm, busq, activo, creado, acceso, rol)
           returning id, email)
         insert into usuario_roles (usuario_id, rol_id)
         select n.id, x.rol from nuevos n
           join unnest($1::text[], $8::int[]) as x(email, rol) on x.email = n.email
          where x.rol is not null`,
        [c.email, c.nombre, c.norm, c.busq, c.activo, c.creado, c.acceso, c.rol, HASH],
      );
      await client.query('commit');
    }
    // A settled database (autovacuum would get there): visibility map set, statistics fresh.
    await client.query('vacuum analyze usuarios');
    await client.query('vacuum analyze usuario_roles');
  } finally {
    await client.end();
  }
}

/** Seeds `total` users into the database at `url` (`sqlite:<file>` or `postgres://…`). */
export async function seedUsuarios(url, total, { schema } = {}) {
  faker.seed(20260115);
  if (url.startsWith('sqlite:')) await seedSqlite(url.slice('sqlite:'.length), total);
  else await seedPostgres(url, schema, total);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [url, total = '100000', schema] = process.argv.slice(2);
  if (!url) {
    console.error('usage: node bench/users-seed.mjs <sqlite:file | postgres://…> [total] [schema]');
    process.exit(2);
  }
  const t0 = Date.now();
  await seedUsuarios(url, Number(total), { schema });
  console.log(`${total} usuarios en ${Date.now() - t0} ms`);
}
