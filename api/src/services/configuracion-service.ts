/**
 * Ajustes del registro (configuracion:gestionar, issue #4): self-registration on/off, its default
 * role, the allowed e-mail domains (issue #13) and whether a new account must verify its e-mail
 * (issue #15). POST /api/auth/register reads them on every call, so a change applies at once.
 * One service style (`service-deps.ts`): no Fastify types; the route hands over the caller.
 */
import {
  ADMIN_MESSAGES,
  VERIFICACION_SIN_CORREO,
  canUseAsDefault,
  type Configuracion,
  type UpdateConfiguracion,
} from '@gestion/shared';
import { validationError } from '../lib/http-errors';
import {
  claimConfiguracionVersion,
  getConfiguracion,
  parseDominiosPermitidos,
  writeConfiguracion,
} from '../repositories/configuracion-repository';
import { findRolByNombre } from '../repositories/roles-admin-repository';
import { diff, versionConflict } from './admin-common';
import { auditingRefusals, refuseIf } from './delegation-guard';
import { auditorFor, type ServiceDeps, type SignedInCaller } from './service-deps';

/** What the settings service needs beyond `ServiceDeps`. */
export interface ConfiguracionServiceDeps extends ServiceDeps {
  /** Whether a real mailer is configured (`SMTP_URL`): e-mail verification needs one. */
  mailerConfigured: boolean;
}

/** The registration settings' use cases over one database. */
export function createConfiguracionService(deps: ConfiguracionServiceDeps) {
  const { db } = deps;
  return {
    /** GET /api/configuracion: the settings as they stand, with their `version`. */
    get: (): Promise<Configuracion> => getConfiguracion(db),

    /**
     * PATCH /api/configuracion: writes the fields given if `body.version` is still current, and
     * audits the change (`configuracion.editar`, only the fields that changed).
     * @throws HttpError 400 VALIDATION_ERROR (`verificacionEmail` without a mailer, issue #15;
     *   an unknown `rolPorDefecto`); 403 for a default role the caller may not hand out (audited
     *   as `seguridad.escalada_rechazada`, issue #13); 409 VERSION_CONFLICT.
     */
    async update(body: UpdateConfiguracion, caller: SignedInCaller): Promise<Configuracion> {
      const audit = auditorFor(deps.audit, caller);
      // Issue #15: verification needs a mailer, or nobody could ever sign in after registering.
      if (body.verificacionEmail && !deps.mailerConfigured)
        throw validationError([{ field: 'verificacionEmail', message: VERIFICACION_SIN_CORREO }]);
      const rolPorDefecto = body.rolPorDefecto?.trim();
      const dominiosPermitidos =
        body.dominiosPermitidos && parseDominiosPermitidos(body.dominiosPermitidos);
      const nuevo = rolPorDefecto && (await findRolByNombre(db, rolPorDefecto));
      if (nuevo && nuevo.nombre !== (await getConfiguracion(db)).rolPorDefecto) {
        // Issue #13 rules 1 and 4: never `admin` (self-registration must never hand out
        // administration), and only a role the caller could give, since every newcomer gets it.
        // 403, audited; checked before the write's transaction, which it would roll back.
        await auditingRefusals(db, audit, () =>
          refuseIf(canUseAsDefault(caller.user, nuevo), 'rolPorDefecto', {
            objetivoTipo: 'configuracion',
            intento: { rolPorDefecto },
          }),
        );
      }
      return db.transaction().execute(async (tx) => {
        if (rolPorDefecto !== undefined && !(await findRolByNombre(tx, rolPorDefecto)))
          throw validationError([
            { field: 'rolPorDefecto', message: ADMIN_MESSAGES.defaultRoleUnknown },
          ]);
        const before = await getConfiguracion(tx);
        if (!(await claimConfiguracionVersion(tx, body.version))) throw versionConflict();
        await writeConfiguracion(tx, {
          registroAbierto: body.registroAbierto,
          rolPorDefecto,
          dominiosPermitidos,
          verificacionEmail: body.verificacionEmail,
        });
        const after = await getConfiguracion(tx);
        await audit(
          {
            accion: 'configuracion.editar',
            objetivoTipo: 'configuracion',
            cambios: diff(before, {
              registroAbierto: after.registroAbierto,
              rolPorDefecto: after.rolPorDefecto,
              dominiosPermitidos: after.dominiosPermitidos,
              verificacionEmail: after.verificacionEmail,
            }),
          },
          tx,
        );
        return after;
      });
    },
  };
}

export type ConfiguracionService = ReturnType<typeof createConfiguracionService>;
