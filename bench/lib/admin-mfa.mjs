// Issue #16: the seeded `admin` role requires a second factor, so a benchmark's admin would sign
// in to an enrolment step. The benchmarks measure other things and sign in as admin with the
// password alone, so they switch the requirement off in their own database — as an admin may —
// once the api has seeded it. bench/auth.mjs measures the TOTP sign-in itself, with users that
// enrolled through the api.
import Database from 'better-sqlite3';
import pg from 'pg';

const UPDATE = `update roles set mfa_obligatorio = 0 where nombre = 'admin'`;

/** Switches the `admin` role's requirement off in `databaseUrl` (`sqlite:<file>` or PostgreSQL). */
export async function relaxAdminMfa(databaseUrl) {
  if (databaseUrl.startsWith('sqlite:')) {
    const db = new Database(databaseUrl.slice('sqlite:'.length), { timeout: 5000 });
    try {
      db.prepare(UPDATE).run();
    } finally {
      db.close();
    }
    return;
  }
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    await c.query(UPDATE);
  } finally {
    await c.end();
  }
}
