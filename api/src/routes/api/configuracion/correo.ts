/**
 * Ajustes › Correo (issue #15, configuracion:gestionar): how mail leaves this deployment, the
 * recent deliveries and failures of the outbox, and a test mail.
 *
 * - GET /api/configuracion/correo → 200 `CorreoEstado`: `transporte` (`smtp` with SMTP_URL, `log`
 *   without), `remitente` (MAIL_FROM) and the `ENVIOS_LISTADOS` most recent mails, newest first.
 * - POST /api/configuracion/correo/prueba `{destinatario?}` → 202 `{message}`: the `test` mail to
 *   `destinatario` or, without it, to the caller, in the caller's language. It goes through the
 *   outbox like any other mail, so its row in the listing shows whether it left.
 */
import {
  AcceptedMessageSchema,
  API_MESSAGES,
  CorreoEstadoSchema,
  CorreoPruebaRequestSchema,
  correoPruebaMessage,
} from '@gestion/shared';
import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import { isValidEmail, normalizeEmail } from '../../../lib/email';
import { validationError } from '../../../lib/http-errors';
import { listEnvios } from '../../../mail/outbox';
import { bearer, errors } from '../../schema';

/** How many recent mails the listing shows (the contract's "50 most recent"). */
export const ENVIOS_LISTADOS = 50;

const tags = ['configuracion'];

const correoRoutes: FastifyPluginCallbackTypebox = (app, _opts, done) => {
  app.get(
    '/',
    {
      schema: {
        tags,
        summary: 'Estado del correo y envíos recientes',
        security: bearer,
        response: { 200: CorreoEstadoSchema, ...errors(401, 403) },
      },
      onRequest: app.requirePermission('configuracion:gestionar'),
    },
    async () => ({
      transporte: app.mail.transporte,
      remitente: app.config.mailFrom,
      envios: await listEnvios(app.db, ENVIOS_LISTADOS),
    }),
  );

  app.post(
    '/prueba',
    {
      schema: {
        tags,
        summary: 'Enviar un correo de prueba',
        security: bearer,
        body: CorreoPruebaRequestSchema,
        response: { 202: AcceptedMessageSchema, ...errors(400, 401, 403) },
      },
      onRequest: app.requirePermission('configuracion:gestionar'),
    },
    async (request, reply) => {
      const user = request.user!;
      const destinatario = normalizeEmail(request.body?.destinatario ?? user.email);
      if (!isValidEmail(destinatario)) {
        throw validationError([{ field: 'destinatario', message: API_MESSAGES.invalidEmail }]);
      }
      await app.db.transaction().execute(async (tx) => {
        await app.mail.enqueue(tx, {
          to: destinatario,
          locale: user.idioma ?? 'es',
          template: 'test',
          data: { nombre: user.nombre },
        });
        await app.audit(
          request,
          {
            accion: 'configuracion.correo_prueba',
            objetivoTipo: 'configuracion',
            cambios: { destinatario },
          },
          tx,
        );
      });
      return reply.code(202).send({ message: correoPruebaMessage(destinatario) });
    },
  );
  done();
};

export default correoRoutes;
