// Runs the scaled-out topology (tools/cluster: api replicas behind the round-robin proxy) in a
// process of its own for bench/load.mjs, so the proxy never shares an event loop with the load
// generator and its memory can be read apart. Options come as JSON in LOAD_CLUSTER_OPTIONS
// (startCluster's). Once ready it prints one JSON line {url, proxyPid, replicas: [{pid, url}]}.
// It stops everything it started on SIGTERM/SIGINT, or when its stdin closes (the benchmark
// died), so no replica outlives a run.
import { startCluster } from '../../tools/cluster/cluster.mjs';

const options = JSON.parse(process.env.LOAD_CLUSTER_OPTIONS ?? '{}');
const cluster = await startCluster(options);
console.log(
  JSON.stringify({
    url: cluster.url,
    proxyPid: process.pid,
    replicas: cluster.replicas.map((r) => ({ pid: r.pid, url: r.url })),
  }),
);

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  await cluster.stop();
  process.exit(0);
}
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
process.stdin.on('end', () => void stop());
process.stdin.resume();
