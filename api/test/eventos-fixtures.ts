/** Helpers shared by the eventos-*.test.ts suites: users per seeded role and small builders. */
import type { Evento, Periodo } from '@gestion/shared';
import type { FastifyInstance } from 'fastify';
import { removeAllRoles } from '../src/repositories/roles-repository';
import { ADMIN, bearer, login, registerUser } from './helper';

export type Who = 'admin' | 'gestor' | 'usuario' | 'anonimo';

/** Signs in the seeded admin and registers a gestor and a usuario; headers per role. */
export async function signInRoles(
  app: FastifyInstance,
): Promise<Record<Who, Record<string, string>>> {
  const adminRes = await login(app, ADMIN.email, ADMIN.password);
  const admin = bearer(adminRes.json<{ token: string }>().token);
  const gestor = await registerUser(app, 'gestor');
  await removeAllRoles(app.db, gestor.id);
  const rol = await app.db
    .selectFrom('roles')
    .select('id')
    .where('nombre', '=', 'gestor')
    .executeTakeFirstOrThrow();
  await app.db
    .insertInto('usuario_roles')
    .values({ usuario_id: gestor.id, rol_id: rol.id })
    .execute();
  const usuario = await registerUser(app, 'usuario');
  return { admin, gestor: bearer(gestor.token), usuario: bearer(usuario.token), anonimo: {} };
}

/** A valid create body; `over` replaces fields. */
export function eventoBody(over: Record<string, unknown> = {}) {
  return {
    nombre: 'Congreso de Málaga',
    lugar: 'Palacio de Ferias',
    fechaInicio: '2026-03-01T09:00:00Z',
    fechaFin: '2026-03-05T18:00:00Z',
    ...over,
  };
}

export async function createEvento(
  app: FastifyInstance,
  headers: Record<string, string>,
  over: Record<string, unknown> = {},
): Promise<Evento> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/eventos',
    headers,
    payload: eventoBody(over),
  });
  if (res.statusCode !== 201) throw new Error(`create evento: ${res.statusCode} ${res.body}`);
  return res.json<Evento>();
}

export async function createPeriodo(
  app: FastifyInstance,
  headers: Record<string, string>,
  eventoId: number,
  body: { nombre: string; fechaInicio: string; fechaFin: string; descripcion?: string },
): Promise<Periodo> {
  const res = await app.inject({
    method: 'POST',
    url: `/api/eventos/${eventoId}/periodos`,
    headers,
    payload: body,
  });
  if (res.statusCode !== 201) throw new Error(`create periodo: ${res.statusCode} ${res.body}`);
  return res.json<Periodo>();
}
