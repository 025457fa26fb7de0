/**
 * Set-up shared by the delegation suites (issue #13): roles with chosen permissions, users
 * holding them and signed in, the database state a refusal must leave unchanged, and the audit
 * rows of refused escalation attempts — all through the api as the seeded admin.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { ESCALATION_AUDIT_ACTION } from '../src/services/delegation-guard';
import { snapshot, snapshotChanges } from './fuzz-requests';
import {
  ADMIN,
  buildTestApp,
  createTestDatabase,
  type DialectName,
  type TestDatabase,
} from './helper';
import { call, createUser, signIn } from './admin-fixtures';

/** The tables a refused request must leave as they were (the audit log may only grow). */
export const GUARDED_TABLES = [
  'usuarios',
  'usuario_roles',
  'roles',
  'rol_permisos',
  'ajustes',
  'sesiones',
  'grupos',
  'grupo_roles',
  'grupo_miembros',
] as const;

export interface DelegationWorld {
  db: TestDatabase;
  app: FastifyInstance;
  adminToken: string;
  adminId: number;
  /** PostgreSQL schema of this file's database (for raw snapshots), undefined on SQLite. */
  schema?: string;
}

/** The app on `dialect`, with the seeded admin signed in. */
export async function buildDelegationWorld(dialect: DialectName): Promise<DelegationWorld> {
  const db = await createTestDatabase(dialect);
  const { app } = await buildTestApp(db);
  const admin = await signIn(app, ADMIN.email, ADMIN.password);
  return {
    db,
    app,
    adminToken: admin.token,
    adminId: admin.user.id,
    schema: db.config.kind === 'postgres' ? db.config.schema : undefined,
  };
}

/** A role nombre no other test uses. */
export function uniqueRol(prefix = 'rol'): string {
  return `${prefix}-${randomBytes(4).toString('hex')}`;
}

/** Creates a role as the admin; returns its id, nombre and version. */
export async function makeRole(w: DelegationWorld, permisos: readonly string[], prefix = 'rol') {
  const nombre = uniqueRol(prefix);
  const res = await call(w.app, w.adminToken, {
    method: 'POST',
    url: '/api/roles',
    payload: { nombre, permisos },
  });
  if (res.statusCode !== 201) throw new Error(`make role: ${res.statusCode} ${res.body}`);
  const { id, version } = res.json<{ id: number; version: number }>();
  return { id, nombre, version };
}

/** Creates a user holding `roles` as the admin (not signed in). */
export async function makeUser(w: DelegationWorld, roles: readonly string[], nombre = 'Persona') {
  return createUser(w.app, w.adminToken, { roles: [...roles], nombre });
}

/** Creates a user holding `roles` and signs them in; returns id, e-mail and token. */
export async function makeCaller(
  w: DelegationWorld,
  roles: readonly string[],
  nombre = 'Llamante',
) {
  const u = await makeUser(w, roles, nombre);
  const { token } = await signIn(w.app, u.email);
  return { ...u, token };
}

/** The stored state of the guarded tables. */
export function guardedState(w: DelegationWorld) {
  return snapshot(w.app, [...GUARDED_TABLES], w.schema);
}

/** What changed in the guarded tables between two states ([] when nothing did). */
export function changesBetween(
  before: Awaited<ReturnType<typeof guardedState>>,
  after: Awaited<ReturnType<typeof guardedState>>,
): string[] {
  return snapshotChanges(before, after, new Set());
}

/** How many refused escalation attempts the audit log holds. */
export async function escalationCount(w: DelegationWorld): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*) as n from auditoria
    where accion = ${ESCALATION_AUDIT_ACTION}`.execute(w.app.db);
  return Number(rows[0]!.n);
}

/** The newest refused escalation attempt's `cambios`, parsed. */
export async function lastEscalation(w: DelegationWorld): Promise<Record<string, unknown>> {
  const { rows } = await sql<{ cambios: string }>`select cambios from auditoria
    where accion = ${ESCALATION_AUDIT_ACTION} order by id desc limit 1`.execute(w.app.db);
  return JSON.parse(rows[0]!.cambios) as Record<string, unknown>;
}

/** The current version of a user or role, read as the admin. */
export async function versionOf(w: DelegationWorld, url: string): Promise<number> {
  const res = await call(w.app, w.adminToken, { method: 'GET', url });
  return res.json<{ version: number }>().version;
}
