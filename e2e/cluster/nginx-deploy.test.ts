/**
 * The load balancer and static-server configuration of docker-compose.yml (deploy/nginx/*.conf)
 * run for real with Debian's nginx (no container engine here, issue #7): each frontend's build
 * on its own nginx server as its container would, the load balancer in front, two api replicas
 * from tools/cluster behind it. Only the host names of the compose network are rewritten to
 * 127.0.0.1 ports. Checks the routing, the caching and security headers, the client address
 * reaching the audit through X-Forwarded-For (TRUST_PROXY=1), and a replica's loss.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROOT, freePort, startCluster, type RunningCluster } from '../../tools/cluster/cluster.cjs';
import {
  ADMIN,
  REDIS_URL,
  REPLICA_ENV,
  createPgDatabase,
  randomLoopback,
  relaxAdminMfa,
  request,
  signIn,
  sleep,
  waitFor,
  type TestPgDatabase,
} from './support';

const APPS = ['shell', 'remote-auth', 'remote-eventos', 'remote-informes'] as const;
const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => existsSync(p));

let db: TestPgDatabase;
let cluster: RunningCluster;
let nginx: ChildProcess | undefined;
let dir: string;
let lb: string;

beforeAll(async () => {
  if (!NGINX)
    throw new Error("nginx is missing: apt-get install -y nginx-light (CI's .ci/run does)");
  const missing = APPS.filter((a) => !existsSync(path.join(ROOT, a, 'dist')));
  if (missing.length) throw new Error(`build ${missing.join(', ')} first (npm run build)`);

  db = await createPgDatabase();
  cluster = await startCluster({
    databaseUrl: db.url,
    redisUrl: REDIS_URL,
    replicas: 2,
    // Behind nginx, as in docker-compose.yml: one trusted hop; no frontends in the api.
    env: { ...REPLICA_ENV, TRUST_PROXY: '1', STATIC_ROOT: path.join(tmpdir(), 'gestion-none') },
  });
  await relaxAdminMfa(db.url);

  dir = mkdtempSync(path.join(tmpdir(), 'gestion-nginx-'));
  // nginx's workers may run as an unprivileged user: let them read the tree.
  chmodSync(dir, 0o755);
  const conf = (name: string) => readFileSync(path.join(ROOT, 'deploy', 'nginx', name), 'utf8');
  writeFileSync(path.join(dir, 'static-common.conf'), conf('static-common.conf'));
  writeFileSync(path.join(dir, 'security-headers.conf'), conf('security-headers.conf'));
  const ports: Record<string, number> = {};
  let servers = '';
  for (const app of APPS) {
    ports[app] = await freePort();
    // The static image's layout: the build under BASE_PATH of the web root.
    const root = path.join(dir, `html-${app}`);
    const base = app === 'shell' ? root : path.join(root, 'remotes', app);
    mkdirSync(base, { recursive: true });
    cpSync(path.join(ROOT, app, 'dist'), base, { recursive: true });
    servers += conf(app === 'shell' ? 'shell.conf' : 'remote.conf')
      .replace('listen 80;', `listen 127.0.0.1:${ports[app]};`)
      .replace('/usr/share/nginx/html', root)
      .replace('/etc/nginx/static-common.conf', path.join(dir, 'static-common.conf'));
  }
  const lbPort = await freePort();
  let lbConf = conf('lb.conf')
    .replace('listen 80;', `listen 127.0.0.1:${lbPort};`)
    .replace('server api-1:3000', `server 127.0.0.1:${cluster.replicas[0]!.port}`)
    .replace('server api-2:3000', `server 127.0.0.1:${cluster.replicas[1]!.port}`)
    .replaceAll('/etc/nginx/security-headers.conf', path.join(dir, 'security-headers.conf'));
  for (const app of APPS)
    lbConf = lbConf.replace(`server ${app}:80`, `server 127.0.0.1:${ports[app]}`);
  expect(lbConf).not.toMatch(/server [a-z-]+:\d+;/);
  writeFileSync(
    path.join(dir, 'nginx.conf'),
    [
      'daemon off;',
      'worker_processes 1;',
      `error_log ${dir}/error.log;`,
      `pid ${dir}/nginx.pid;`,
      'events {}',
      'http {',
      '  include /etc/nginx/mime.types;',
      '  access_log off;',
      `  client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy;`,
      servers,
      lbConf,
      '}',
    ].join('\n'),
  );
  nginx = spawn(NGINX, ['-c', path.join(dir, 'nginx.conf'), '-p', dir], { stdio: 'ignore' });
  lb = `http://127.0.0.1:${lbPort}`;
  await waitFor('nginx', async () => (await request(lb, { url: '/readyz' })).statusCode === 200);
});

afterAll(async () => {
  if (nginx && nginx.exitCode === null) {
    const exited = new Promise((r) => nginx!.once('exit', r));
    nginx.kill('SIGQUIT');
    await Promise.race([exited, sleep(5000)]);
    if (nginx.exitCode === null) nginx.kill('SIGKILL');
  }
  await cluster?.stop();
  await db?.drop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

it('serves the shell, with its fallback route, revalidated, under the security headers', async () => {
  for (const url of ['/', '/login', '/eventos/12/periodos']) {
    const res = await request(lb, { url, headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    // The run-time configuration, deferred and before the bundle: deferred scripts run in
    // document order, so it is set when main.js starts.
    expect(res.body).toMatch(
      /<script defer src="?\/config\.js"?><\/script>.*<script defer src="?\/main\./s,
    );
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-security-policy']).toMatch(
      /script-src 'self';.*frame-ancestors 'none'/,
    );
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  }
});

it('routes /config.js to the api, which points each remote at its own container', async () => {
  const res = await request(lb, { url: '/config.js' });
  expect(res.statusCode).toBe(200);
  for (const app of APPS.slice(1)) {
    expect(res.body).toContain(`/remotes/${app}/mf-manifest.json`);
    const manifest = await request(lb, { url: `/remotes/${app}/mf-manifest.json` });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(manifest.json()).toHaveProperty('metaData');
  }
});

it('serves content-hashed assets as immutable and misses as 404 (no fallback for remotes)', async () => {
  const asset = readdirSync(path.join(ROOT, 'remote-eventos', 'dist')).find((f) =>
    /[.-][a-f0-9]{8,}\.js$/.test(f),
  );
  expect(asset).toBeDefined();
  const res = await request(lb, { url: `/remotes/remote-eventos/${asset}` });
  expect(res.statusCode).toBe(200);
  expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect((await request(lb, { url: '/remotes/remote-eventos/no-existe.js' })).statusCode).toBe(404);
});

it('the api behind it sees the client address, and losing a replica loses no request', async () => {
  const ip = randomLoopback();
  const token = await signIn(lb, ADMIN.email, ADMIN.password, ip);
  const audit = await request(lb, { url: '/api/auditoria?accion=auth.login&pageSize=100', token });
  expect(audit.statusCode).toBe(200);
  expect(JSON.stringify(audit.json())).toContain(ip);

  await cluster.killReplica(0, 'SIGKILL');
  const statuses: number[] = [];
  for (let i = 0; i < 10; i++)
    statuses.push((await request(lb, { url: '/api/auth/me', token })).statusCode);
  expect(statuses).toEqual(Array<number>(10).fill(200));
});
