/**
 * /api/configuracion (configuracion:gestionar, issue #4): self-registration on/off, its
 * default role and allowed e-mail domains (issue #13). POST /api/auth/register reads them on
 * every call, so a change applies at once.
 */
import {
  ADMIN_MESSAGES,
  VERIFICACION_SIN_CORREO,
  canUseAsDefault,
  ConfiguracionSchema,
  UpdateConfiguracionSchema,
} from '@gestion/shared';
import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import { validationError } from '../../../lib/http-errors';
import {
  claimConfiguracionVersion,
  getConfiguracion,
  parseDominiosPermitidos,
  writeConfiguracion,
} from '../../../repositories/configuracion-repository';
import { findRolByNombre } from '../../../repositories/roles-admin-repository';
import { diff, versionConflict } from '../../../services/admin-common';
import { auditingRefusals, refuseIf } from '../../../services/delegation-guard';
import { bearer, errors } from '../../schema';
import correoRoutes from './correo';

const tags = ['configuracion'];

const configuracionRoutes: FastifyPluginCallbackTypebox = (app, _opts, done) => {
  app.get(
    '/',
    {
      schema: {
        tags,
        summary: 'Ajustes del registro',
        security: bearer,
        response: { 200: ConfiguracionSchema, ...errors(401, 403) },
      },
      onRequest: app.requirePermission('configuracion:gestionar'),
    },
    async () => getConfiguracion(app.db),
  );

  app.patch(
    '/',
    {
      schema: {
        tags,
        summary: 'Cambiar los ajustes del registro (con version)',
        security: bearer,
        body: UpdateConfiguracionSchema,
        response: { 200: ConfiguracionSchema, ...errors(400, 401, 403, 409) },
      },
      onRequest: app.requirePermission('configuracion:gestionar'),
    },
    async (request) => {
      const body = request.body;
      // Issue #15: verification needs a mailer, or nobody could ever sign in after registering.
      if (body.verificacionEmail && !app.config.smtpUrl)
        throw validationError([{ field: 'verificacionEmail', message: VERIFICACION_SIN_CORREO }]);
      const rolPorDefecto = body.rolPorDefecto?.trim();
      const dominiosPermitidos =
        body.dominiosPermitidos && parseDominiosPermitidos(body.dominiosPermitidos);
      const nuevo = rolPorDefecto && (await findRolByNombre(app.db, rolPorDefecto));
      if (nuevo && nuevo.nombre !== (await getConfiguracion(app.db)).rolPorDefecto) {
        // Issue #13 rules 1 and 4: never `admin` (self-registration must never hand out
        // administration), and only a role the caller could give, since every newcomer gets it.
        // 403, audited; checked before the write's transaction, which it would roll back.
        await auditingRefusals(
          app.db,
          (e, db) => app.audit(request, e, db),
          () =>
            refuseIf(canUseAsDefault(request.user, nuevo), 'rolPorDefecto', {
              objetivoTipo: 'configuracion',
              intento: { rolPorDefecto },
            }),
        );
      }
      return app.db.transaction().execute(async (tx) => {
        if (rolPorDefecto !== undefined) {
          if (!(await findRolByNombre(tx, rolPorDefecto)))
            throw validationError([
              { field: 'rolPorDefecto', message: ADMIN_MESSAGES.defaultRoleUnknown },
            ]);
        }
        const before = await getConfiguracion(tx);
        if (!(await claimConfiguracionVersion(tx, body.version))) throw versionConflict();
        await writeConfiguracion(tx, {
          registroAbierto: body.registroAbierto,
          rolPorDefecto,
          dominiosPermitidos,
          verificacionEmail: body.verificacionEmail,
        });
        const after = await getConfiguracion(tx);
        await app.audit(
          request,
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
  );
  // Ajustes › Correo (issue #15).
  void app.register(correoRoutes, { prefix: '/correo' });
  done();
};

export default configuracionRoutes;
