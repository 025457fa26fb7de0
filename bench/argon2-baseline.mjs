// Baseline for login: bare argon2id verification with the api's parameters, as many in flight
// as the login load has connections, for BENCH_SECONDS. Prints {ops, seconds, perSecond}.
import { hash, verify, Algorithm } from '@node-rs/argon2';

const params = JSON.parse(
  process.env.ARGON2_PARAMS ?? '{"memoryCost":19456,"timeCost":2,"parallelism":1}',
);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 8);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const password = 'Bench-Clave-Segura-2026';
const stored = await hash(password, { algorithm: Algorithm.Argon2id, ...params });

let ops = 0;
const end = Date.now() + seconds * 1000;
async function worker() {
  while (Date.now() < end) {
    if (!(await verify(stored, password))) throw new Error('verification failed');
    ops++;
  }
}
const started = Date.now();
await Promise.all(Array.from({ length: concurrency }, worker));
const elapsed = (Date.now() - started) / 1000;
console.log(
  JSON.stringify({ ops, seconds: elapsed, perSecond: ops / elapsed, params, concurrency }),
);
