/**
 * Every permission table of the product, for drivers that run them all — the cluster suite runs
 * each over real HTTP against two replicas (issue #7). A new area adds its table here: one line.
 */
import { ADMIN_TABLE } from './admin';
import { EVENTOS_TABLE } from './eventos';
import { INFORMES_TABLE } from './informes';
import { anyTable, type PermissionTable } from './types';

export const PERMISSION_TABLES: PermissionTable<unknown>[] = [
  anyTable(ADMIN_TABLE),
  anyTable(EVENTOS_TABLE),
  anyTable(INFORMES_TABLE),
];

export * from './types';
