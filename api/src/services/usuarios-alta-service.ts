/**
 * POST /api/usuarios (issue #4, reshaped by issue #15): without a password the user is created
 * pending and invited by mail; with `generarPassword` a temporary password is generated and
 * returned once; with `password` that one is set. An admin-set or generated password must be
 * changed at the first sign-in (OWASP ASVS 5.0 V6.4.6). Delegation rule 1 (issue #13) decides
 * which roles the actor may give.
 */
import {
  API_MESSAGES,
  NOMBRE_MAX_LENGTH,
  type CreateUsuario,
  type CreatedUsuario,
  type ErrorDetail,
} from '@gestion/shared';
import { isValidEmail, normalizeEmail } from '../lib/email';
import { isUniqueViolation, validationError } from '../lib/http-errors';
import { passwordProblem } from '../lib/passwords';
import { findUsuarioByEmail, replaceRoles } from '../repositories/usuarios-admin-repository';
import { insertUsuario } from '../repositories/usuarios-repository';
import { emailTaken, type Auditor } from './admin-common';
import { generateTemporaryPassword, NO_PASSWORD_HASH } from './ciclo-cuenta-common';
import { auditingRefusals, guardRoleChange, type Actor } from './delegation-guard';
import { inviterName, sendInvitation } from './invitation-service';
import { mustFindUsuario as mustFind } from './usuarios-lookup';
import { resolveRoles, type UsuariosServiceDeps } from './usuarios-service';

/** 400 detail of `password` when both `password` and `generarPassword` are sent. */
const PASSWORD_OR_GENERATED = 'Indique una contraseña o pida generarla, no ambas cosas';

/**
 * POST /api/usuarios (issue #15). Without `password` nor `generarPassword` the user is
 * created pending and mailed an invitation (72 h); with `generarPassword` a temporary
 * password is generated and returned once as `passwordTemporal`; with `password` that one
 * is set. An admin-chosen or generated password must be changed at the first sign-in
 * (`debeCambiarPassword`, ASVS 6.4.6).
 * @throws 400 per field, 403 (rule 1: a role the actor may not give), 409 EMAIL_TAKEN.
 */
export async function createUsuario(
  deps: UsuariosServiceDeps,
  body: CreateUsuario,
  actor: Actor,
  audit: Auditor,
): Promise<CreatedUsuario> {
  const { db, hasher, now } = deps;
  const email = normalizeEmail(body.email);
  const nombre = body.nombre.trim();
  const details: ErrorDetail[] = [];
  if (!isValidEmail(email)) details.push({ field: 'email', message: API_MESSAGES.invalidEmail });
  if (!nombre || nombre.length > NOMBRE_MAX_LENGTH)
    details.push({ field: 'nombre', message: API_MESSAGES.nombreRequired });
  if (body.password !== undefined && body.generarPassword)
    details.push({ field: 'password', message: PASSWORD_OR_GENERATED });
  const problem =
    body.password === undefined ? null : passwordProblem(body.password, { email, nombre });
  if (problem) details.push({ field: 'password', message: problem });
  if (details.length > 0) throw validationError(details);
  const roles = [...new Set(body.roles ?? [])];
  // Refused before the (slow on purpose) hashing, and again inside the transaction.
  await auditingRefusals(db, audit, () => guardRoleChange(db, actor, { email }, [], roles));
  const generated = body.generarPassword ? generateTemporaryPassword() : undefined;
  const chosen = body.password ?? generated;
  const invited = chosen === undefined;
  const passwordHash = invited ? NO_PASSWORD_HASH : await hasher.hash(chosen);
  try {
    const usuario = await auditingRefusals(db, audit, () =>
      db.transaction().execute(async (tx) => {
        await guardRoleChange(tx, actor, { email }, [], roles);
        const rolIds = await resolveRoles(tx, roles);
        if (await findUsuarioByEmail(tx, email)) throw emailTaken();
        const id = await insertUsuario(tx, {
          email,
          nombre,
          passwordHash,
          now: now(),
          debeCambiarPassword: !invited,
          invitacionPendiente: invited,
          emailVerificado: !invited,
        });
        await replaceRoles(tx, id, rolIds);
        const created = await mustFind(tx, id);
        if (invited)
          await sendInvitation(
            tx,
            deps,
            { id, email, nombre, idioma: 'es' },
            await inviterName(tx, actor),
          );
        await audit(
          {
            accion: 'usuarios.crear',
            objetivoTipo: 'usuario',
            objetivoId: id,
            cambios: {
              despues: { email, nombre, activo: true, roles: created.roles },
              passwordGenerada: generated !== undefined,
              invitado: invited,
            },
          },
          tx,
        );
        return created;
      }),
    );
    if (invited) deps.kickMail();
    return generated === undefined ? usuario : { ...usuario, passwordTemporal: generated };
  } catch (err) {
    if (isUniqueViolation(err)) throw emailTaken();
    throw err;
  }
}
