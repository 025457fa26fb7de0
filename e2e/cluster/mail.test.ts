/**
 * The mail outbox across replicas (issue #15): two api processes on one PostgreSQL, each with
 * SMTP_URL pointing at one real SMTP server in this test process (`smtp-server`).
 *
 * - Test mails asked through both replicas arrive exactly once each: every replica's worker
 *   polls the same table, and claims skip rows another replica holds (FOR UPDATE SKIP LOCKED).
 * - A replica killed with SIGKILL right after committing a mail loses nothing: the SMTP server
 *   refuses while it is asked, so the mail cannot have left before the kill; once the server
 *   accepts again it is delivered — by the other replica or the restarted one — exactly once,
 *   after the back-off of its refused attempt (30 s) or the lease of a cut one (60 s).
 */
import { startCluster, type RunningCluster } from '../../tools/cluster/cluster.cjs';
import { startTestSmtp, type TestSmtp } from '../../api/test/support/smtp';
import {
  ADMIN,
  REPLICA_ENV,
  createPgDatabase,
  relaxAdminMfa,
  request,
  signIn,
  sleep,
  uniqueEmail,
  waitFor,
  type TestPgDatabase,
} from './support';

/** Mails asked in the exactly-once check. */
const N = 16;

interface Envio {
  destinatario: string;
  estado: string;
  intentos: number;
}

let db: TestPgDatabase;
let smtp: TestSmtp;
let cluster: RunningCluster;
let token: string;

beforeAll(async () => {
  smtp = await startTestSmtp();
  db = await createPgDatabase();
  cluster = await startCluster({
    databaseUrl: db.url,
    replicas: 2,
    env: { ...REPLICA_ENV, SMTP_URL: smtp.url, APP_URL: 'http://gestion.cluster.test' },
  });
  await relaxAdminMfa(db.url);
  token = await signIn(cluster.url, ADMIN.email, ADMIN.password);
});

afterAll(async () => {
  await cluster?.stop();
  await smtp?.close();
  await db?.drop();
});

const received = (to: string) => smtp.messages.filter((m) => m.to.includes(to)).length;

async function envios(base: string): Promise<Envio[]> {
  const res = await request(base, { url: '/api/configuracion/correo', token });
  expect(res.statusCode).toBe(200);
  return res.json<{ envios: Envio[] }>().envios;
}

function prueba(base: string, destinatario: string) {
  return request(base, {
    method: 'POST',
    url: '/api/configuracion/correo/prueba',
    token,
    payload: { destinatario },
  });
}

it(`delivers each of ${N} test mails asked through both replicas exactly once`, async () => {
  const recipients = Array.from({ length: N }, () => uniqueEmail('mail'));
  const [A, B] = cluster.replicas.map((r) => r.url) as [string, string];
  const answers = await Promise.all(recipients.map((to, i) => prueba(i % 2 ? A : B, to)));
  expect(answers.map((r) => r.statusCode)).toEqual(recipients.map(() => 202));

  await waitFor('every mail to arrive', () =>
    Promise.resolve(recipients.every((to) => received(to) > 0)),
  );
  // Longer than a poll interval (5 s): a second delivery would have happened by now.
  await sleep(6_000);
  expect(recipients.filter((to) => received(to) !== 1)).toEqual([]);
  const listed = (await envios(A)).filter((e) => recipients.includes(e.destinatario));
  expect(listed).toHaveLength(N);
  expect(listed.every((e) => e.estado === 'enviado' && e.intentos === 1)).toBe(true);
  const mail = smtp.messages.find((m) => m.to.includes(recipients[0]!))!;
  expect(mail.subject).toBe('Correo de prueba · Gestión de usuarios');
});

it('delivers exactly once a mail committed by a replica killed with SIGKILL right after', async () => {
  const to = uniqueEmail('kill9');
  smtp.refuse(true);
  const A = cluster.replicas[0]!.url;
  const B = cluster.replicas[1]!.url;
  const res = await prueba(A, to);
  expect(res.statusCode).toBe(202);
  await cluster.killReplica(0, 'SIGKILL');

  // Committed before the answer: the other replica lists it, not sent.
  const row = (await envios(B)).find((e) => e.destinatario === to);
  expect(row?.estado).toBe('pendiente');
  expect(received(to)).toBe(0);

  smtp.refuse(false);
  await cluster.restartReplica(0);
  await smtp.waitFor((m) => m.to.includes(to), 80_000);
  await sleep(6_000);
  expect(received(to)).toBe(1);
  const after = (await envios(A)).find((e) => e.destinatario === to);
  expect(after?.estado).toBe('enviado');
}, 150_000);
