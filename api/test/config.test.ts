/**
 * Configuration from the environment (DESIGN.md §2): defaults, and errors that name the
 * variable at fault.
 */
import path from 'node:path';
import { DEFAULT_RUNTIME_CONFIG } from '@gestion/shared';
import { REPO_ROOT, loadConfig } from '../src/config';

describe('loadConfig', () => {
  it('uses the documented defaults for an empty environment', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      database: { kind: 'sqlite', path: path.join(REPO_ROOT, 'data', 'app.db') },
      adminEmail: 'admin@localhost',
      corsOrigins: [],
      sessionIdleMinutes: 30,
      sessionMaxHours: 12,
      rateLimitLogin: 30,
      rateLimitRegister: 20,
      logLevel: 'info',
      trustProxy: false,
      buildIdPollMs: 60_000,
      staticRoot: REPO_ROOT,
      remotes: {
        auth: DEFAULT_RUNTIME_CONFIG.remotes[0]!.entry,
        eventos: DEFAULT_RUNTIME_CONFIG.remotes[1]!.entry,
        informes: DEFAULT_RUNTIME_CONFIG.remotes[2]!.entry,
      },
    });
    expect(c.redisUrl).toBeUndefined();
    expect(c.adminPassword).toBeUndefined();
  });

  it('reads every variable', () => {
    const c = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgres://u:p@db:5432/gestion',
      DATABASE_SCHEMA: 'gestion',
      REDIS_URL: 'redis://cache:6379',
      ADMIN_EMAIL: ' Jefa@Example.org ',
      ADMIN_PASSWORD: 'una clave larga',
      CORS_ORIGINS: 'https://a.example.org, http://localhost:5173',
      SESSION_IDLE_MINUTES: '15',
      SESSION_MAX_HOURS: '8',
      RATE_LIMIT_LOGIN: '100',
      RATE_LIMIT_REGISTER: '5',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: '1',
      REMOTE_AUTH_URL: 'https://auth.example.org/mf-manifest.json',
      REMOTE_EVENTOS_URL: '/otra/mf-manifest.json',
      BUILD_ID_POLL_MS: '0',
    });
    expect(c).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      database: { kind: 'postgres', url: 'postgres://u:p@db:5432/gestion', schema: 'gestion' },
      redisUrl: 'redis://cache:6379',
      adminEmail: 'jefa@example.org',
      adminPassword: 'una clave larga',
      corsOrigins: ['https://a.example.org', 'http://localhost:5173'],
      sessionIdleMinutes: 15,
      sessionMaxHours: 8,
      rateLimitLogin: 100,
      rateLimitRegister: 5,
      logLevel: 'warn',
      trustProxy: 1,
      remotes: {
        auth: 'https://auth.example.org/mf-manifest.json',
        eventos: '/otra/mf-manifest.json',
      },
      buildIdPollMs: 0,
    });
  });

  it('accepts sqlite:<path>, absolute or relative to the repository root', () => {
    expect(loadConfig({ DATABASE_URL: 'sqlite:/tmp/x.db' }).database).toEqual({
      kind: 'sqlite',
      path: '/tmp/x.db',
    });
    expect(loadConfig({ DATABASE_URL: 'sqlite:data/y.db' }).database).toEqual({
      kind: 'sqlite',
      path: path.join(REPO_ROOT, 'data', 'y.db'),
    });
    expect(loadConfig({ DATABASE_URL: 'postgresql://h/db' }).database).toEqual({
      kind: 'postgres',
      url: 'postgresql://h/db',
    });
  });

  it.each([
    [{ PORT: 'abc' }, /^PORT must be an integer between 1 and 65535, got "abc"$/],
    [{ PORT: '70000' }, /^PORT must be/],
    [{ DATABASE_URL: 'mysql://x' }, /^DATABASE_URL must be "sqlite:<path>" or "postgres:\/\/…"/],
    [
      { DATABASE_URL: 'postgres://u:secreto@' },
      /^DATABASE_URL is not a valid postgres:\/\/ URL, got "postgres:\/\/u:\*\*\*@"/,
    ],
    [{ REDIS_URL: 'http://x' }, /^REDIS_URL must be a redis:\/\//],
    [{ ADMIN_EMAIL: 'no-es-correo' }, /^ADMIN_EMAIL must be an e-mail address/],
    [{ ADMIN_PASSWORD: 'corta' }, /^ADMIN_PASSWORD must have between 8 and 128 characters, got 5$/],
    [{ CORS_ORIGINS: 'https://a.example.org/ruta' }, /^CORS_ORIGINS must list bare origins/],
    [{ CORS_ORIGINS: 'nada' }, /^CORS_ORIGINS must be a comma-separated list/],
    [{ SESSION_IDLE_MINUTES: '0' }, /^SESSION_IDLE_MINUTES must be an integer/],
    [{ SESSION_MAX_HOURS: '1.5' }, /^SESSION_MAX_HOURS must be an integer/],
    [{ RATE_LIMIT_LOGIN: '-1' }, /^RATE_LIMIT_LOGIN must be an integer/],
    [{ RATE_LIMIT_REGISTER: 'muchos' }, /^RATE_LIMIT_REGISTER must be an integer/],
    [
      { LOG_LEVEL: 'verbose' },
      /^LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent/,
    ],
    [{ REMOTE_INFORMES_URL: 'ftp://x' }, /^REMOTE_INFORMES_URL must be an http\(s\) URL or a path/],
    [{ BUILD_ID_POLL_MS: 'x' }, /^BUILD_ID_POLL_MS must be an integer/],
    [
      { DATABASE_SCHEMA: 'Mal-Nombre' },
      /^DATABASE_SCHEMA must be a lowercase PostgreSQL identifier/,
    ],
    [{ SMTP_URL: 'http://mail.example.org' }, /^SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL/],
    [{ SMTP_URL: 'mail.example.org:25' }, /^SMTP_URL must be an smtp:\/\//],
    [
      { SMTP_URL: 'smtp://usuario:secreto@' },
      /^SMTP_URL must be .*got "smtp:\/\/usuario:\*\*\*@"$/,
    ],
    [{ MAIL_FROM: 'no es un correo' }, /^MAIL_FROM must be an e-mail address or "Name <address>"/],
    [{ MAIL_FROM: 'Gestión <a@b.org>\r\nBcc: x@y.org' }, /^MAIL_FROM must be/],
    [{ APP_URL: 'gestion.example.org' }, /^APP_URL must be an absolute http\(s\) URL/],
    [{ APP_URL: 'https://gestion.example.org/' }, /^APP_URL must be .*without trailing slash/],
    [{ APP_URL: 'ftp://gestion.example.org' }, /^APP_URL must be/],
    [{ APP_URL: 'https://gestion.example.org?x=1' }, /^APP_URL must be/],
  ])('refuses %p naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('reads the mail variables (issue #15): SMTP_URL, MAIL_FROM, APP_URL', () => {
    expect(loadConfig({})).toMatchObject({
      mailFrom: 'Gestión de usuarios <no-reply@localhost>',
      appUrl: 'http://127.0.0.1:3000',
    });
    expect(loadConfig({}).smtpUrl).toBeUndefined();
    expect(loadConfig({ PORT: '8080' }).appUrl).toBe('http://127.0.0.1:8080');
    expect(
      loadConfig({
        SMTP_URL: 'smtps://usuario:clave@mail.example.org:465',
        MAIL_FROM: 'no-reply@example.org',
        APP_URL: 'https://example.org/gestion',
      }),
    ).toMatchObject({
      smtpUrl: 'smtps://usuario:clave@mail.example.org:465',
      mailFrom: 'no-reply@example.org',
      appUrl: 'https://example.org/gestion',
    });
    expect(loadConfig({ SMTP_URL: 'smtp://mailpit:1025' }).smtpUrl).toBe('smtp://mailpit:1025');
  });
});
