// Baseline for /api/auth/me: a bare Fastify route returning the same JSON with a response
// schema (so both sides serialise the same way), with none of the product's plugins.
import Fastify from 'fastify';

const user = JSON.parse(process.env.BENCH_USER_JSON ?? '{}');
const permission = { type: 'object', properties: { nombre: { type: 'string' } } };
const schema = {
  response: {
    200: {
      type: 'object',
      properties: {
        user: {
          type: 'object',
          properties: {
            id: { type: 'integer' },
            email: { type: 'string' },
            nombre: { type: 'string' },
            activo: { type: 'boolean' },
            roles: {
              type: 'array',
              items: {
                type: 'object',
                properties: {
                  nombre: { type: 'string' },
                  permisos: { type: 'array', items: permission },
                },
              },
            },
          },
        },
      },
    },
  },
};

const app = Fastify({ logger: false });
app.get('/me', { schema }, async () => ({ user }));
app.get('/ready', async () => ({ ok: true }));
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
