/**
 * Configuration from the environment (DESIGN.md §2, issue #2), validated once at start. A bad
 * value throws an `Error` whose message names the variable and what was expected, so
 * `server.ts` can print it and exit 1 before anything listens.
 */
import path from 'node:path';
import {
  DEFAULT_RUNTIME_CONFIG,
  EMAIL_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '@gestion/shared';
import { isValidEmail, normalizeEmail } from './lib/email';
import { parseMfaKey } from './lib/mfa-crypto';

/** Root of the repository: `api/src` and `api/dist` both sit two levels below it. */
export const REPO_ROOT = path.resolve(__dirname, '..', '..');

/** Where the data lives. */
export type DatabaseConfig =
  | {
      kind: 'sqlite';
      /** Absolute path of the SQLite file, or `:memory:`. */
      path: string;
    }
  | {
      kind: 'postgres';
      /** `postgres://` connection string as given. */
      url: string;
      /**
       * Schema the api works in (PostgreSQL `search_path`); created when missing. Unset: the
       * server's default (`public`). Tests give every file its own schema.
       */
      schema?: string;
    };

/** What Express/Fastify call `trustProxy`: false, true, a hop count or a list of addresses/CIDRs. */
export type TrustProxy = boolean | number | string[];

/** The validated configuration of one api process. */
export interface AppConfig {
  /** TCP port, 1..65535 (`PORT`, default 3000). */
  port: number;
  /** Interface to listen on (`HOST`, default 127.0.0.1). */
  host: string;
  /** `DATABASE_URL` (+ `DATABASE_SCHEMA` for PostgreSQL). */
  database: DatabaseConfig;
  /** `REDIS_URL`: shared rate-limit and lock-out counters; unset → in-memory counters. */
  redisUrl?: string;
  /** `ADMIN_EMAIL`, normalised (trimmed, lowercase); default `admin@localhost`. */
  adminEmail: string;
  /** `ADMIN_PASSWORD`; unset → a strong one is generated on first start and printed once. */
  adminPassword?: string;
  /** `CORS_ORIGINS`: origins allowed cross-origin (exact match); empty → same origin only. */
  corsOrigins: string[];
  /** `SESSION_IDLE_MINUTES` (default 30): a session unused this many minutes expires. */
  sessionIdleMinutes: number;
  /** `SESSION_MAX_HOURS` (default 12): a session expires this many hours after sign-in. */
  sessionMaxHours: number;
  /** `RATE_LIMIT_LOGIN` (default 30): login attempts per minute per IP address. */
  rateLimitLogin: number;
  /** `RATE_LIMIT_REGISTER` (default 20): registrations per hour per IP address. */
  rateLimitRegister: number;
  /** `LOG_LEVEL` (default `info`): pino level, or `silent`. */
  logLevel: LogLevel;
  /** `TRUST_PROXY` (default false): whose `X-Forwarded-For` to believe for the client IP. */
  trustProxy: TrustProxy;
  /** Remote entry URLs (`REMOTE_AUTH_URL`, …), absolute or root-relative `mf-manifest.json` URLs. */
  remotes: { auth: string; eventos: string; informes: string };
  /** `BUILD_ID_POLL_MS` (default 60000): build-id poll interval handed to the page; 0 disables. */
  buildIdPollMs: number;
  /**
   * `STATIC_ROOT` (default: the repository root): the directory holding `shell/dist` and
   * `remote-<name>/dist`. Missing builds are skipped silently.
   */
  staticRoot: string;
  /**
   * `SMTP_URL` (issue #15): `smtp://` or `smtps://` (TLS from the first byte), credentials in the
   * URL (`smtp://user:pass@host:587`). Unset → the log transport: mails are written to the log,
   * nothing is sent.
   */
  smtpUrl?: string;
  /** `MAIL_FROM`: the From of every mail; default `Gestión de usuarios <no-reply@localhost>`. */
  mailFrom: string;
  /**
   * `APP_URL`: public base URL of the links in mails, absolute http(s), no trailing slash;
   * default `http://127.0.0.1:<PORT>`. Links never come from the request's Host header.
   */
  appUrl: string;
  /**
   * `MFA_ENCRYPTION_KEY` (issue #16): 32 bytes in base64, the AES-256-GCM key of the stored TOTP
   * secrets. Unset → a key generated once in the data directory (lib/mfa-crypto.ts).
   */
  mfaEncryptionKey?: Buffer;
}

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

type Env = Readonly<Record<string, string | undefined>>;

/** The env value, trimmed; `undefined` when unset or blank. */
function read(env: Env, name: string): string | undefined {
  const v = env[name]?.trim();
  return v ? v : undefined;
}

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = read(env, name);
  if (raw === undefined) return fallback;
  const n = /^\d+$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(n) || n < min || n > max) {
    throw new Error(`${name} must be an integer between ${min} and ${max}, got "${raw}"`);
  }
  return n;
}

function parseDatabase(env: Env): DatabaseConfig {
  const raw = read(env, 'DATABASE_URL');
  const schema = read(env, 'DATABASE_SCHEMA');
  if (schema !== undefined && !/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) {
    throw new Error(
      `DATABASE_SCHEMA must be a lowercase PostgreSQL identifier (letters, digits, _), got "${schema}"`,
    );
  }
  if (raw === undefined) {
    // DESIGN.md §2: ./data/app.db, resolved against the repository root rather than the cwd
    // because `npm start` runs the server from api/.
    return { kind: 'sqlite', path: path.join(REPO_ROOT, 'data', 'app.db') };
  }
  if (raw.startsWith('sqlite:')) {
    const file = raw.slice('sqlite:'.length).replace(/^\/\/(?=\/)/, '');
    if (!file) throw new Error(`DATABASE_URL must be "sqlite:<path>" with a path, got "${raw}"`);
    return { kind: 'sqlite', path: file === ':memory:' ? file : path.resolve(REPO_ROOT, file) };
  }
  if (/^postgres(ql)?:\/\//.test(raw)) {
    try {
      new URL(raw);
    } catch {
      throw new Error(`DATABASE_URL is not a valid postgres:// URL, got "${redactUrl(raw)}"`);
    }
    return schema ? { kind: 'postgres', url: raw, schema } : { kind: 'postgres', url: raw };
  }
  throw new Error(
    `DATABASE_URL must be "sqlite:<path>" or "postgres://…", got "${redactUrl(raw)}"`,
  );
}

/** Hides a password in a URL before it is echoed in an error message. */
function redactUrl(raw: string): string {
  return raw.replace(/\/\/([^:/@]+):[^@]*@/, '//$1:***@');
}

function parseRedis(env: Env): string | undefined {
  const raw = read(env, 'REDIS_URL');
  if (raw === undefined) return undefined;
  if (!/^rediss?:\/\/.+/.test(raw)) {
    throw new Error(`REDIS_URL must be a redis:// or rediss:// URL, got "${redactUrl(raw)}"`);
  }
  return raw;
}

function parseOrigins(env: Env): string[] {
  const raw = read(env, 'CORS_ORIGINS');
  if (raw === undefined) return [];
  return raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((origin) => {
      let url: URL;
      try {
        url = new URL(origin);
      } catch {
        throw new Error(
          `CORS_ORIGINS must be a comma-separated list of origins like https://app.example.org, got "${origin}"`,
        );
      }
      if (!/^https?:$/.test(url.protocol) || url.origin !== origin.replace(/\/$/, '')) {
        throw new Error(
          `CORS_ORIGINS must list bare origins (scheme://host[:port]), got "${origin}"`,
        );
      }
      return url.origin;
    });
}

function parseTrustProxy(env: Env): TrustProxy {
  const raw = read(env, 'TRUST_PROXY');
  if (raw === undefined || raw === 'false') return false;
  if (raw === 'true') return true;
  if (/^\d+$/.test(raw)) return integer(env, 'TRUST_PROXY', 0, 0, 100);
  return raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

function parseRemote(env: Env, name: string, fallback: string): string {
  const raw = read(env, name);
  if (raw === undefined) return fallback;
  if (raw.startsWith('/') && !raw.startsWith('//')) return raw;
  try {
    const url = new URL(raw);
    if (url.protocol === 'http:' || url.protocol === 'https:') return raw;
  } catch {
    /* fall through to the error */
  }
  throw new Error(`${name} must be an http(s) URL or a path starting with /, got "${raw}"`);
}

function defaultEntry(name: string): string {
  const remote = DEFAULT_RUNTIME_CONFIG.remotes.find((r) => r.name === name);
  if (!remote) throw new Error(`DEFAULT_RUNTIME_CONFIG has no remote ${name}`);
  return remote.entry;
}

function parseSmtpUrl(env: Env): string | undefined {
  const raw = read(env, 'SMTP_URL');
  if (raw === undefined) return undefined;
  let url: URL | undefined;
  try {
    url = new URL(raw);
  } catch {
    /* fall through to the error */
  }
  if (!url || !/^smtps?:$/.test(url.protocol) || !url.hostname) {
    throw new Error(
      `SMTP_URL must be an smtp:// or smtps:// URL like smtp://user:pass@mail.example.org:587, got "${redactUrl(raw)}"`,
    );
  }
  return raw;
}

/** The default From: the product's name at a local address nobody answers. */
export const DEFAULT_MAIL_FROM = 'Gestión de usuarios <no-reply@localhost>';

function parseMailFrom(env: Env): string {
  const raw = read(env, 'MAIL_FROM');
  if (raw === undefined) return DEFAULT_MAIL_FROM;
  // `Name <address>` or a bare address; no line breaks (they would inject headers).
  const match = /^(?:[^<>\r\n]*<([^<>\s]+)>|([^<>\s]+))$/.exec(raw);
  const address = match && normalizeEmail(match[1] ?? match[2] ?? '');
  if (!address || !isValidEmail(address)) {
    throw new Error(`MAIL_FROM must be an e-mail address or "Name <address>", got "${raw}"`);
  }
  return raw;
}

function parseAppUrl(env: Env, port: number): string {
  const raw = read(env, 'APP_URL');
  if (raw === undefined) return `http://127.0.0.1:${port}`;
  let url: URL | undefined;
  try {
    url = new URL(raw);
  } catch {
    /* fall through to the error */
  }
  if (
    !url ||
    !/^https?:$/.test(url.protocol) ||
    url.username ||
    url.password ||
    url.search ||
    url.hash ||
    raw.endsWith('/')
  ) {
    throw new Error(
      `APP_URL must be an absolute http(s) URL without trailing slash, query or credentials, like https://gestion.example.org, got "${raw}"`,
    );
  }
  return raw;
}

/**
 * Parses and validates the environment. Pure: reads only `env`.
 * @throws Error naming the first invalid variable and what it expects.
 */
export function loadConfig(env: Env): AppConfig {
  const adminEmailRaw = read(env, 'ADMIN_EMAIL');
  const adminEmail = normalizeEmail(adminEmailRaw ?? 'admin@localhost');
  if (adminEmailRaw !== undefined && !isValidEmail(adminEmail)) {
    throw new Error(
      `ADMIN_EMAIL must be an e-mail address (at most ${EMAIL_MAX_LENGTH} characters), got "${adminEmailRaw}"`,
    );
  }
  // Not trimmed: spaces may be part of a password.
  const adminPassword = env.ADMIN_PASSWORD ? env.ADMIN_PASSWORD : undefined;
  if (
    adminPassword !== undefined &&
    (adminPassword.length < PASSWORD_MIN_LENGTH || adminPassword.length > PASSWORD_MAX_LENGTH)
  ) {
    throw new Error(
      `ADMIN_PASSWORD must have between ${PASSWORD_MIN_LENGTH} and ${PASSWORD_MAX_LENGTH} characters, got ${adminPassword.length}`,
    );
  }
  const logLevel = (read(env, 'LOG_LEVEL') ?? 'info').toLowerCase();
  if (!(LOG_LEVELS as readonly string[]).includes(logLevel)) {
    throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${logLevel}"`);
  }
  const host = read(env, 'HOST') ?? '127.0.0.1';
  const staticRoot = path.resolve(REPO_ROOT, read(env, 'STATIC_ROOT') ?? '.');
  const port = integer(env, 'PORT', 3000, 1, 65535);
  const config: AppConfig = {
    port,
    host,
    database: parseDatabase(env),
    adminEmail,
    corsOrigins: parseOrigins(env),
    sessionIdleMinutes: integer(env, 'SESSION_IDLE_MINUTES', 30, 1, 60 * 24 * 30),
    sessionMaxHours: integer(env, 'SESSION_MAX_HOURS', 12, 1, 24 * 365),
    rateLimitLogin: integer(env, 'RATE_LIMIT_LOGIN', 30, 1, 1_000_000_000),
    rateLimitRegister: integer(env, 'RATE_LIMIT_REGISTER', 20, 1, 1_000_000_000),
    logLevel: logLevel as LogLevel,
    trustProxy: parseTrustProxy(env),
    remotes: {
      auth: parseRemote(env, 'REMOTE_AUTH_URL', defaultEntry('remote_auth')),
      eventos: parseRemote(env, 'REMOTE_EVENTOS_URL', defaultEntry('remote_eventos')),
      informes: parseRemote(env, 'REMOTE_INFORMES_URL', defaultEntry('remote_informes')),
    },
    buildIdPollMs: integer(
      env,
      'BUILD_ID_POLL_MS',
      DEFAULT_RUNTIME_CONFIG.buildIdPollMs,
      0,
      86_400_000,
    ),
    staticRoot,
    mailFrom: parseMailFrom(env),
    appUrl: parseAppUrl(env, port),
  };
  const smtpUrl = parseSmtpUrl(env);
  if (smtpUrl !== undefined) config.smtpUrl = smtpUrl;
  const redisUrl = parseRedis(env);
  if (redisUrl !== undefined) config.redisUrl = redisUrl;
  if (adminPassword !== undefined) config.adminPassword = adminPassword;
  const mfaKey = read(env, 'MFA_ENCRYPTION_KEY');
  if (mfaKey !== undefined) config.mfaEncryptionKey = parseMfaKey(mfaKey);
  return config;
}
