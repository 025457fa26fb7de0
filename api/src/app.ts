/**
 * The application (fastify/demo layout): `buildApp` opens the database, migrates, seeds and
 * returns a Fastify instance that is not listening — `server.ts` listens, tests `inject`.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type Redis from 'ioredis';
import type { AppConfig } from './config';
import { openDatabase } from './db/connection';
import { seed, type SeedResult } from './db/seed';
import { analyzeNeverAnalyzed } from './db/statistics';
import { FallbackLockoutStore, RedisLockoutStore } from './lib/lockout-redis-store';
import { MemoryLockoutStore, type LockoutStore } from './lib/lockout-store';
import {
  deferredChildLoggerFactory,
  errorSummary,
  nextRequestId,
  RequestLogController,
} from './lib/log';
import {
  createPasswordHasher,
  OWASP_ARGON2ID,
  type HashingParams,
  type PasswordHasher,
} from './lib/passwords';
import mailPlugin from './mail/plugin';
import type { MailWorkerOptions } from './mail/worker';
import auditPlugin from './plugins/app/audit';
import authPlugin from './plugins/app/auth';
import stepUpPlugin from './plugins/app/step-up';
import errorsPlugin, { frameworkErrorHandler } from './plugins/app/errors';
import frontendsPlugin from './plugins/app/frontends';
import methodNotAllowedPlugin, { routeTable } from './plugins/app/method-not-allowed';
import corsPlugin from './plugins/external/cors';
import dbPlugin from './plugins/external/db';
import securityHeadersPlugin, {
  apiSecurityHeaders,
  securityHeaders,
} from './plugins/external/security-headers';
import rateLimitPlugin from './plugins/external/rate-limit';
import { closeRedis, connectRedis } from './plugins/external/redis';
import swaggerPlugin from './plugins/external/swagger';
import authRoutes from './routes/api/auth/index';
import auditoriaRoutes from './routes/api/auditoria/index';
import configuracionRoutes from './routes/api/configuracion/index';
import miCuentaRoutes from './routes/api/configuracion/mi-cuenta';
import permisosRoutes from './routes/api/permisos/index';
import rolesRoutes from './routes/api/roles/index';
import gruposRoutes from './routes/api/grupos/index';
import ssoAuthRoutes from './routes/api/auth/sso';
import ssoRoutes from './routes/api/sso/index';
import scimTokensRoutes from './routes/api/scim-tokens/index';
import scimRoutes from './routes/scim/index';
import sesionesRoutes from './routes/api/sesiones/index';
import tokensRoutes from './routes/api/tokens/index';
import usuariosRoutes from './routes/api/usuarios/index';
import eventosRoutes from './routes/api/eventos/index';
import informesRoutes from './routes/api/informes/index';
import filtradoRoutes from './routes/api/filtrado/index';
import healthRoutes from './routes/health';

/** Options for tests and tools; production passes none. */
export interface BuildOptions {
  /** The clock (epoch ms) used by sessions, lock-out and audit. Default `Date.now`. */
  now?: () => number;
  /**
   * `false` silences logs (tests); `true` or unset logs JSON at `config.logLevel`; an object
   * is passed to Fastify as the logger options.
   */
  logger?: FastifyServerOptions['logger'];
  /** Where JSON log lines go instead of stdout, with the app's own level and redaction (tests). */
  logStream?: { write(line: string): void };
  /** argon2id parameters; default OWASP's (19 MiB, t=2, p=1). Tests lower them for speed. */
  passwordHashing?: HashingParams;
  /** Mail outbox worker tunables (issue #15); default `DEFAULT_MAIL_WORKER`. */
  mail?: Partial<MailWorkerOptions>;
}

/** Largest accepted request body: 64 KiB (auth payloads are tiny; CSV imports may raise it per route). */
export const BODY_LIMIT_BYTES = 64 * 1024;

declare module 'fastify' {
  interface FastifyInstance {
    /** The validated configuration. */
    config: AppConfig;
    /** The app's clock, epoch ms. */
    now: () => number;
    /** argon2id hashing with the app's parameters. */
    passwords: PasswordHasher;
    /** Per-account lock-out counters (memory, or Redis with a memory fallback). */
    lockout: LockoutStore;
    /** What first-start seeding did; `generatedPassword` is set only on the start that made it. */
    seedResult: SeedResult;
  }
}

/**
 * Request-body validator: Fastify's defaults, except unknown fields are refused rather than
 * silently stripped (`removeAdditional: false`, issue #2) and body types are never coerced
 * ("5" is not a number). Query strings and params keep coercion (`?page=2`).
 *
 * Bodies keep `strictNumbers` although `strict` is off (issue #13): `strict: false` turns it off
 * too, and then `Infinity` — what `JSON.parse` makes of `1e400` — passes as a number or an
 * integer. Query strings cannot use it: Ajv coerces "1e400" and "Infinity" to Infinity after
 * the type check, and with `strictNumbers` its `maximum` check then lets Infinity through
 * (measured with ajv 8.20); without it `maximum` refuses Infinity, so every integer of a query
 * carries one (`PAGE_MAX` for pages).
 */
function validators() {
  const common = {
    useDefaults: true,
    removeAdditional: false,
    allErrors: true,
    addUsedSchema: false,
    strict: false,
  } as const;
  const body = addFormats(new Ajv({ ...common, coerceTypes: false, strictNumbers: true }));
  const other = addFormats(new Ajv({ ...common, coerceTypes: 'array' }));
  return { body, other };
}

function loggerOptions(config: AppConfig, options: BuildOptions): FastifyServerOptions['logger'] {
  const { logger, logStream } = options;
  if (logger === false) return false;
  if (logger !== undefined && logger !== true) return logger;
  return {
    level: config.logLevel,
    ...(logStream ? { stream: logStream } : {}),
    // Never log secrets (OWASP Logging Cheat Sheet): bearer tokens, cookies, passwords.
    // An Error logged under `err` (Fastify's own lines: stream errors, hook failures) keeps its
    // class, message and code, never its stack (issue #13: no stack trace in any log line).
    // (Fastify's typing wants a `stack` back, which is the point of leaving it out.)
    serializers: { err: errorSummary } as never,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'headers.authorization',
        'body.password',
        'password',
        'token',
        '*.password',
        '*.token',
        '*.password_hash',
      ],
      censor: '[redactado]',
    },
  };
}

/** Fastify's typings lack the hop-count form, so a count becomes the equivalent function. */
function trustProxyOption(value: AppConfig['trustProxy']): FastifyServerOptions['trustProxy'] {
  if (typeof value !== 'number') return value;
  return (_address: string, hop: number) => hop < value;
}

/**
 * Opens the database (running migrations and seeding), and assembles the app.
 * @throws when the database cannot be opened or migrated; nothing is left open then.
 */
export async function buildApp(
  config: AppConfig,
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  const now = options.now ?? Date.now;
  const passwords = await createPasswordHasher(options.passwordHashing ?? OWASP_ARGON2ID);
  // Idle-connection errors of the PostgreSQL pool are non-fatal: logged (through the app's
  // logger once it exists), the pool reconnects by itself.
  let logPoolError = (err: Error) => console.warn(`PostgreSQL pool error: ${err.message}`);
  const handle = await openDatabase(config.database, (err) => logPoolError(err));
  let redis: Redis | undefined;
  try {
    const seedResult = await seed(
      handle.db,
      { email: config.adminEmail, password: config.adminPassword },
      passwords,
      now(),
      handle.dialect,
    );
    // A fresh PostgreSQL database has no planner statistics for its small tables (./db/statistics).
    if (handle.dialect === 'postgres') await analyzeNeverAnalyzed(handle.db);

    const app = Fastify({
      logger: loggerOptions(config, options),
      bodyLimit: BODY_LIMIT_BYTES,
      trustProxy: trustProxyOption(config.trustProxy),
      // Per-request costs kept off the hot path (issue #2 benchmark): a counter-based request
      // id, the pino child built only when a line is written, one log line per request.
      genReqId: nextRequestId,
      childLoggerFactory: deferredChildLoggerFactory,
      logController: new RequestLogController(),
      return503OnClosing: true,
      forceCloseConnections: 'idle',
      // A URL Fastify cannot decode (`/api/usuarios/%E0%A4%A`) never reaches the hooks: this
      // answers it with the security headers and the error shape (issue #13).
      frameworkErrors: frameworkErrorHandler({
        api: apiSecurityHeaders(config),
        page: securityHeaders(config),
      }),
    }).withTypeProvider<TypeBoxTypeProvider>();

    const ajv = validators();
    app.setValidatorCompiler(({ schema, httpPart }) =>
      (httpPart === 'body' ? ajv.body : ajv.other).compile(schema),
    );

    logPoolError = (err) =>
      app.log.warn({ error: { message: err.message } }, 'PostgreSQL pool error');
    app.decorate('config', config);
    app.decorate('now', now);
    app.decorate('passwords', passwords);
    app.decorate('seedResult', seedResult);

    if (config.redisUrl) redis = await connectRedis(config.redisUrl, app.log);
    const memory = new MemoryLockoutStore();
    const lockout: LockoutStore = redis
      ? new FallbackLockoutStore(new RedisLockoutStore(redis), memory, (err) =>
          app.log.warn(
            { error: errorSummary(err) },
            'Redis unavailable for lock-out; using memory',
          ),
        )
      : memory;
    app.decorate('lockout', lockout);
    const redisClient = redis;
    app.addHook('onClose', async () => {
      if (redisClient) await closeRedis(redisClient);
    });

    await app.register(dbPlugin, { handle });
    await app.register(errorsPlugin);
    await app.register(securityHeadersPlugin, { config });
    // With CORS_ORIGINS empty the api is same-origin only and no CORS hook runs at all.
    if (config.corsOrigins.length > 0) await app.register(corsPlugin, { config });
    await app.register(rateLimitPlugin, redis ? { redis } : {});
    // Before any route: notes every path and method for the 405 answers.
    await app.register(routeTable);
    await app.register(swaggerPlugin);
    await app.register(authPlugin);
    // Issue #16: step-up on the routes that grant `admin` or relax a role's second factor.
    await app.register(stepUpPlugin);
    await app.register(auditPlugin);
    await app.register(mailPlugin, options.mail ? { worker: options.mail } : {});

    await app.register(healthRoutes);
    await app.register(authRoutes, { prefix: '/api/auth' });
    await app.register(miCuentaRoutes, { prefix: '/api/auth' });
    await app.register(usuariosRoutes, { prefix: '/api/usuarios' });
    await app.register(rolesRoutes, { prefix: '/api/roles' });
    await app.register(gruposRoutes, { prefix: '/api/grupos' });
    // Issue #18: single sign-on's providers and its public round.
    await app.register(ssoRoutes, { prefix: '/api/sso/proveedores' });
    await app.register(ssoAuthRoutes, { prefix: '/api/auth/sso' });
    await app.register(scimTokensRoutes, { prefix: '/api/scim/tokens' });
    // Issue #17: the SCIM 2.0 service provider, its own auth, media type and error shape.
    await app.register(scimRoutes, { prefix: '/scim/v2' });
    await app.register(permisosRoutes, { prefix: '/api/permisos' });
    await app.register(sesionesRoutes, { prefix: '/api/sesiones' });
    await app.register(tokensRoutes, { prefix: '/api/tokens' });
    await app.register(auditoriaRoutes, { prefix: '/api/auditoria' });
    await app.register(configuracionRoutes, { prefix: '/api/configuracion' });
    await app.register(eventosRoutes, { prefix: '/api/eventos' });
    await app.register(informesRoutes, { prefix: '/api/informes' });
    await app.register(filtradoRoutes, { prefix: '/api/filtrado' });
    await app.register(frontendsPlugin, { config });
    // After the last route: 405 with Allow for a wrong method on a known path.
    await app.register(methodNotAllowedPlugin);
    return app;
  } catch (err) {
    if (redis) await closeRedis(redis);
    await handle.close();
    throw err;
  }
}
