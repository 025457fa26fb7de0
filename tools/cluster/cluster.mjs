/**
 * ES-module entry of the cluster launcher (tools/cluster/cluster.cjs, typed by cluster.d.ts):
 * `import { startCluster } from './tools/cluster/cluster.mjs'`.
 */
import cluster from './cluster.cjs';

export const { ROOT, startCluster, freePort, ensureApiBuilt, ensurePostgresDatabase } = cluster;
