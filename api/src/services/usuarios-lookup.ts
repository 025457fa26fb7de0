/**
 * The one lookup every user-administration service starts from, apart from usuarios-service.ts
 * so the lifecycle services (invitations, admin-started reset: issue #15) can use it without an
 * import cycle.
 */
import type { Usuario } from '@gestion/shared';
import type { Db } from '../db/types';
import { notFound } from '../lib/http-errors';
import { findUsuario } from '../repositories/usuarios-admin-repository';

/** The user as the administration sees it. @throws 404 unless the user exists. */
export async function mustFindUsuario(tx: Db, id: number): Promise<Usuario> {
  const u = await findUsuario(tx, id);
  if (!u) throw notFound();
  return u;
}
