/** Types of the cluster launcher's ES-module entry (cluster.mjs): the same as cluster.cjs's. */
export * from './cluster.cjs';
