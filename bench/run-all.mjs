// `npm run bench`: runs the benchmarks named on the command line (default: all) one after the
// other, each writing bench/results/<name>.{json,md}. Needs a prior `npm run build`.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { ROOT } from './lib/processes.mjs';

const ALL = ['auth', 'bundle-size', 'lighthouse', 'users', 'eventos'];
const wanted = process.argv.slice(2).length ? process.argv.slice(2) : ALL;
if (!existsSync(path.join(ROOT, 'api', 'dist', 'server.js'))) {
  console.error('Build first: npm run build');
  process.exit(1);
}
for (const name of wanted) {
  if (!ALL.includes(name)) {
    console.error(`Unknown benchmark "${name}"; known: ${ALL.join(', ')}`);
    process.exit(1);
  }
  const res = spawnSync(process.execPath, [path.join(ROOT, 'bench', `${name}.mjs`)], {
    stdio: 'inherit',
    env: { ...process.env, NO_UPDATE_CHECK: '1' },
  });
  if (res.status !== 0) process.exit(res.status ?? 1);
}
