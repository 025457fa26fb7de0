/**
 * Types of the cluster launcher (tools/cluster/cluster.cjs; cluster.d.mts re-exports them for cluster.mjs).
 * Issue #7: N api replicas on one database and one Redis behind a round-robin proxy on
 * 127.0.0.1 — the docker-compose topology without containers.
 */

/** Repository root. */
export declare const ROOT: string;

export interface ClusterOptions {
  /** `postgres://…` (the database is created when missing) or `sqlite:<path>`. */
  databaseUrl: string;
  /** `redis://…`; unset or empty: each replica counts in its own memory. */
  redisUrl?: string;
  /** Number of api processes (default 2). */
  replicas?: number;
  /** Proxy port (default 0: a free one). */
  port?: number;
  /** Proxy interface (default 127.0.0.1). */
  host?: string;
  /** Extra environment of every replica; wins over the launcher's own (TRUST_PROXY, LOG_LEVEL…). */
  env?: Record<string, string>;
  /** Print the replicas' output prefixed with `[api-N]` (the CLI does). */
  echo?: boolean;
}

export interface ReplicaInfo {
  /** Current PID; changes after `restartReplica`, undefined before the first start. */
  readonly pid: number | undefined;
  /** `http://127.0.0.1:<port>`: the replica itself, bypassing the proxy. */
  url: string;
  port: number;
}

export interface RunningCluster {
  /** The proxy, e.g. `http://127.0.0.1:41234`. */
  url: string;
  replicas: ReplicaInfo[];
  /** SIGTERM every replica (SIGKILL after 10 s) and close the proxy. Idempotent. */
  stop(): Promise<void>;
  /** Sends `signal` (default SIGKILL) to replica `i` and resolves once it has exited. */
  killReplica(i: number, signal?: NodeJS.Signals): Promise<void>;
  /** Starts replica `i` again on its port (stopping it first if it runs); resolves on `/readyz` 200. */
  restartReplica(i: number): Promise<void>;
  /** The last ~20 000 characters replica `i` printed. */
  logs(i: number): string;
}

/**
 * Starts the replicas (the first alone, so it migrates and seeds first), then the proxy.
 * @throws when the api cannot be built, the database cannot be created or a replica is not
 *   ready within 30 s; nothing is left running then.
 */
export declare function startCluster(options: ClusterOptions): Promise<RunningCluster>;

/** A free TCP port on 127.0.0.1. */
export declare function freePort(): Promise<number>;

/** Builds shared and the api when `api/dist/server.js` is missing. */
export declare function ensureApiBuilt(): void;

/** Creates the database of a `postgres://` URL when missing; a no-op for other URLs. */
export declare function ensurePostgresDatabase(url: string): Promise<void>;
