/**
 * /api/configuracion (configuracion:gestionar, issue #4): self-registration on/off, its
 * default role and allowed e-mail domains (issue #13). The rules live in
 * services/configuracion-service.ts; this plugin is schema, permission, one call, reply.
 */
import { ConfiguracionSchema, UpdateConfiguracionSchema } from '@gestion/shared';
import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import { createConfiguracionService } from '../../../services/configuracion-service';
import { serviceDeps, signedInCaller } from '../../deps';
import { bearer, errors } from '../../schema';
import correoRoutes from './correo';

const tags = ['configuracion'];

const configuracionRoutes: FastifyPluginCallbackTypebox = (app, _opts, done) => {
  const configuracion = createConfiguracionService({
    ...serviceDeps(app),
    mailerConfigured: Boolean(app.config.smtpUrl),
  });

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
    async () => configuracion.get(),
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
    async (request) => configuracion.update(request.body, signedInCaller(request)),
  );
  // Ajustes › Correo (issue #15).
  void app.register(correoRoutes, { prefix: '/correo' });
  done();
};

export default configuracionRoutes;
