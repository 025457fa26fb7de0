/**
 * POST /api/usuarios/import (issue #4): a CSV of users, created or updated all or nothing
 * (`dryRun=1`: only the report). Needs both usuarios:crear and usuarios:editar. Registered by
 * ./index.ts; text/csv bodies are accepted in this plugin's scope only.
 */
import { ImportQuerySchema, ImportReportSchema } from '@gestion/shared';
import { Type, type FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import { createUsuariosImportService } from '../../../services/usuarios-import-service';
import { acceptCsvBodies, bearer, CSV_MEDIA, errors } from '../../schema';
import { signedInCaller } from '../../deps';
import { cicloDeps } from '../auth/ciclo-deps';

/** Largest CSV an import accepts: 2 MiB (5000 rows fit comfortably). */
export const IMPORT_BODY_LIMIT_BYTES = 2 * 1024 * 1024;

const tags = ['usuarios'];

const importRoutes: FastifyPluginCallbackTypebox = (app, _opts, done) => {
  const importer = createUsuariosImportService(cicloDeps(app));

  acceptCsvBodies(app, IMPORT_BODY_LIMIT_BYTES);

  app.post(
    '/import',
    {
      schema: {
        tags,
        summary: 'Importar usuarios desde CSV (dryRun=1: solo el informe)',
        description:
          'Cuerpo text/csv con cabecera email,nombre,roles (roles separados por | o ;). Sin dryRun se escriben todas las filas o ninguna.',
        security: bearer,
        consumes: CSV_MEDIA,
        querystring: ImportQuerySchema,
        body: Type.String({ maxLength: IMPORT_BODY_LIMIT_BYTES }),
        response: { 200: ImportReportSchema, ...errors(400, 401, 403, 409, 413, 415) },
      },
      bodyLimit: IMPORT_BODY_LIMIT_BYTES,
      onRequest: [
        app.requirePermission('usuarios:crear'),
        app.requirePermission('usuarios:editar'),
      ],
    },
    async (request) => {
      const dryRun = request.query.dryRun === '1' || request.query.dryRun === 'true';
      return importer.importCsv(request.body, !dryRun, signedInCaller(request));
    },
  );
  done();
};

export default importRoutes;
