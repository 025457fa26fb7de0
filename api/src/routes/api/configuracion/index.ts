/**
 * /api/configuracion (configuracion:gestionar, issue #4): self-registration on/off and its
 * default role. POST /api/auth/register reads both on every call, so a change applies at once.
 */
import {
  ADMIN_MESSAGES,
  ADMIN_ROLE,
  ApiErrorBodySchema,
  ConfiguracionSchema,
  UpdateConfiguracionSchema,
} from '@gestion/shared';
import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import { validationError } from '../../../lib/http-errors';
import {
  claimConfiguracionVersion,
  getConfiguracion,
  writeConfiguracion,
} from '../../../repositories/configuracion-repository';
import { findRolByNombre } from '../../../repositories/roles-admin-repository';
import { diff, versionConflict } from '../../../services/usuarios-service';

const errors = (...codes: number[]) =>
  Object.fromEntries(codes.map((c) => [c, ApiErrorBodySchema]));
const security = [{ bearer: [] }];
const tags = ['configuracion'];

const configuracionRoutes: FastifyPluginCallbackTypebox = (app, _opts, done) => {
  app.get(
    '/',
    {
      schema: {
        tags,
        summary: 'Ajustes del registro',
        security,
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
        security,
        body: UpdateConfiguracionSchema,
        response: { 200: ConfiguracionSchema, ...errors(400, 401, 403, 409) },
      },
      onRequest: app.requirePermission('configuracion:gestionar'),
    },
    async (request) => {
      const body = request.body;
      const rolPorDefecto = body.rolPorDefecto?.trim();
      return app.db.transaction().execute(async (tx) => {
        if (rolPorDefecto !== undefined) {
          // Self-registration must never hand out administration.
          if (rolPorDefecto === ADMIN_ROLE)
            throw validationError([
              { field: 'rolPorDefecto', message: ADMIN_MESSAGES.defaultRoleAdmin },
            ]);
          if (!(await findRolByNombre(tx, rolPorDefecto)))
            throw validationError([
              { field: 'rolPorDefecto', message: ADMIN_MESSAGES.defaultRoleUnknown },
            ]);
        }
        const before = await getConfiguracion(tx);
        if (!(await claimConfiguracionVersion(tx, body.version))) throw versionConflict();
        await writeConfiguracion(tx, { registroAbierto: body.registroAbierto, rolPorDefecto });
        const after = await getConfiguracion(tx);
        await app.audit(
          request,
          {
            accion: 'configuracion.editar',
            objetivoTipo: 'configuracion',
            cambios: diff(before, {
              registroAbierto: after.registroAbierto,
              rolPorDefecto: after.rolPorDefecto,
            }),
          },
          tx,
        );
        return after;
      });
    },
  );
  done();
};

export default configuracionRoutes;
