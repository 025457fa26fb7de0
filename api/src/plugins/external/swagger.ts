/**
 * The OpenAPI document (DESIGN.md §3): JSON at /api/docs/json, swagger-ui at /api/docs. The
 * UI's pages carry their own CSP (`staticCSP`), replacing the strict /api one that would
 * forbid the UI's scripts and styles.
 */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';

export default fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.0.3',
        info: {
          title: 'Gestión de usuarios — API',
          description:
            'Errores: `{statusCode, error, message, code?, details?}` con `message` en español. Autenticación: `Authorization: Bearer <token>`.',
          version: '0.1.0',
        },
        components: {
          securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
        },
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
