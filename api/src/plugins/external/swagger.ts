/**
 * The OpenAPI document (DESIGN.md §3): JSON at /api/docs/json, swagger-ui at /api/docs. The
 * UI's own CSP (`staticCSP`, hashes of its inline bootstrap) replaces the app's policy on its
 * pages only.
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
    await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  },
  { name: 'swagger' },
);
