import { randomBytes } from 'node:crypto';
import {
  LogController,
  type FastifyBaseLogger,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';

type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type ChildLoggerOptions = NonNullable<Parameters<FastifyBaseLogger['child']>[1]>;

/**
 * What an error may put in a log line (issue #2: no stack trace, SQL, hash or password in any
 * response or log line): its class, message and driver code. Driver messages name constraints
 * and columns, never the statement or bound values.
 */
export function errorSummary(err: unknown): { type: string; message: string; code?: string } {
  if (err instanceof Error) {
    const code = (err as { code?: unknown }).code;
    return typeof code === 'string' || typeof code === 'number'
      ? { type: err.name, message: err.message, code: String(code) }
      : { type: err.name, message: err.message };
  }
  return { type: typeof err, message: 'non-Error value thrown' };
}

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
/** A pino logger (or this module's deferred one): it answers `isLevelEnabled`. */
type LevelAware = FastifyBaseLogger & { isLevelEnabled(level: string): boolean };

/** False for abstract-logging, Fastify's stand-in when logging is off. */
function isLevelAware(logger: FastifyBaseLogger): logger is LevelAware {
  return typeof (logger as Partial<LevelAware>).isLevelEnabled === 'function';
}

/**
 * A request's logger that builds its pino child (bindings `{reqId}`) only when a line is
 * actually written. pino's `child()` serialises the bindings through the redaction paths on
 * every call — about 3 µs a request on the GET /api/auth/me benchmark (issue #2) — while most
 * requests write no line at all. The lines written are the eager child's: same bindings, same
 * redaction, same stream.
 */
export class DeferredChildLogger implements FastifyBaseLogger {
  private built: LevelAware | undefined;

  constructor(
    private readonly parent: LevelAware,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  /** The pino child, built on first use. */
  private get real(): LevelAware {
    return (this.built ??= this.parent.child(this.bindings, this.options) as LevelAware);
  }

  /** Whether a line at `level` would be written (pino's `isLevelEnabled`). */
  isLevelEnabled(level: string): boolean {
    return (this.built ?? this.parent).isLevelEnabled(level);
  }

  get level(): string {
    return (this.built ?? this.parent).level;
  }

  set level(value: string) {
    this.real.level = value;
  }

  private write(level: Level, args: unknown[]): void {
    if (!this.isLevelEnabled(level)) return;
    const logger = this.real;
    Reflect.apply(logger[level], logger, args);
  }

  fatal(...args: unknown[]): void {
    this.write('fatal', args);
  }
  error(...args: unknown[]): void {
    this.write('error', args);
  }
  warn(...args: unknown[]): void {
    this.write('warn', args);
  }
  info(...args: unknown[]): void {
    this.write('info', args);
  }
  debug(...args: unknown[]): void {
    this.write('debug', args);
  }
  trace(...args: unknown[]): void {
    this.write('trace', args);
  }
  silent(): void {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.real.child(bindings, options);
  }
}

/**
 * Fastify `childLoggerFactory`: a `DeferredChildLogger` per request. A route-level log level
 * or serializers, or a logger without `isLevelEnabled`, get the ordinary eager child.
 */
export const deferredChildLoggerFactory: NonNullable<FastifyServerOptions['childLoggerFactory']> =
  function (logger, bindings, options) {
    if (!isLevelAware(logger) || options.level !== undefined || options.serializers) {
      return logger.child(bindings, options);
    }
    return new DeferredChildLogger(logger, bindings, options);
  };

/**
 * One log line per request instead of Fastify's two ("incoming request" + "request
 * completed"): at `info` when the response is sent, with method, URL (path and query, never a
 * header or body), status and `responseTime` in ms; the arrival is logged at `debug` only.
 * Errors keep their own line from the error handler (`request failed`), without stack.
 * Nothing is built when the level is off, which keeps the hot path of issue #2 free of it.
 */
export class RequestLogController extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    const log = request.log;
    if (this.isLogDisabled(request) || (isLevelAware(log) && !log.isLevelEnabled('debug'))) return;
    log.debug({ method: request.method, url: request.url }, 'incoming request');
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const log = reply.log;
    const level = error ? 'error' : 'info';
    if (this.isLogDisabled(request) || (isLevelAware(log) && !log.isLevelEnabled(level))) return;
    const line = {
      method: request.method,
      url: request.url,
      statusCode: reply.statusCode,
      responseTime: reply.elapsedTime,
    };
    if (error) log.error({ ...line, error: errorSummary(error) }, 'request errored');
    else log.info(line, 'request completed');
  }
}

let requestCounter = 0;
/** 48 random bits (12 hex digits) per process: what tells replicas' ids apart. */
const processPrefix = randomBytes(6).toString('hex');

/**
 * Request ids (`reqId` in every log line, `x-request-id` on every response): a per-process
 * random prefix and a counter in base 36, e.g. `3f9a0c1b7e42-1c`. Unique across replicas and
 * restarts (the prefix is drawn at start-up: two live processes share one with odds of about
 * 2⁻⁴⁸) and, unlike `randomUUID()`, draws no entropy per request. An id is not a secret: it
 * only ties a response to its log lines.
 */
export function nextRequestId(): string {
  requestCounter = (requestCounter + 1) % Number.MAX_SAFE_INTEGER;
  return `${processPrefix}-${requestCounter.toString(36)}`;
}
