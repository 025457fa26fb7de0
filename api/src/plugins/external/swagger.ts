/**
 * The OpenAPI document (DESIGN.md §3): JSON at /api/docs/json, swagger-ui at /api/docs. The
 * UI's pages carry their own CSP (`staticCSP`), replacing the strict /api one that would
 * forbid the UI's scripts and styles.
 *
 * The document is a contract for generated clients (issue #13): src/openapi/ completes what the
 * route schemas say (operationIds, descriptions, named schemas, CSV answers, Retry-After…)
 * through the plugin's `transform` and `transformObject`; api/README.md "OpenAPI" says what a
 * new route adds there.
 */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { TAGS } from '../../openapi/descriptions';
import { transformDocument, transformRoute } from '../../openapi/document';

export default fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.0.3',
        info: {
          title: 'Gestión de usuarios — API',
          description:
            'Errores: `{statusCode, error, message, code?, details?}` (esquema `ApiError`) con `message` en español y `code` estable. Autenticación: `Authorization: Bearer <token>`. Un método no admitido en una ruta conocida responde 405 METHOD_NOT_ALLOWED con la cabecera `Allow`.',
          version: '0.1.0',
        },
        tags: TAGS.map((t) => ({ ...t })),
        components: {
          securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
        },
      },
      transform: transformRoute,
      transformObject: transformDocument,
      // Nested `$id` schemas (User, Role, Usuario…) keep their name in `components.schemas`
      // instead of `def-N`, so generated types are named after them.
      refResolver: {
        buildLocalReference: (json, _baseUri, _fragment, i) =>
          typeof json.$id === 'string' ? json.$id : `def-${i}`,
      },
    });
    await app.register(swaggerUi, {
      routePrefix: '/api/docs',
      // No external validator badge: the page stays same-origin.
      uiConfig: { validatorUrl: null },
      // The UI loads only its own files (no inline script). Not the plugin's default policy:
      // its `upgrade-insecure-requests` breaks the docs on a plain-HTTP intranet address.
      staticCSP:
        "default-src 'self'; base-uri 'self'; script-src 'self'; script-src-attr 'none'; " +
        "style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; " +
        "connect-src 'self'; object-src 'none'; frame-ancestors 'none'; form-action 'self'",
    });
  },
  { name: 'swagger' },
);
