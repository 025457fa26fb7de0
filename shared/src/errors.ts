/**
 * One error path (STYLE.md): the api answers every failure in Fastify's shape
 * `{statusCode, error, message, code?, details?}` (DESIGN.md §3) with a Spanish `message`; the
 * frontend's client turns that body into an `ApiError`; pages show `message`.
 */
import { Type, type Static } from '@sinclair/typebox';

/** Stable machine-readable codes carried in `code` so clients never parse Spanish text. */
export const ERROR_CODES = {
  validation: 'VALIDATION_ERROR',
  invalidCredentials: 'INVALID_CREDENTIALS',
  unauthenticated: 'UNAUTHENTICATED',
  forbidden: 'FORBIDDEN',
  notFound: 'NOT_FOUND',
  emailTaken: 'EMAIL_TAKEN',
  registrationClosed: 'REGISTRATION_CLOSED',
  /** Self-registration with an e-mail outside `dominiosPermitidos` (issue #13). */
  registrationDomain: 'REGISTRATION_DOMAIN',
  rateLimited: 'RATE_LIMITED',
  accountLocked: 'ACCOUNT_LOCKED',
  payloadTooLarge: 'PAYLOAD_TOO_LARGE',
  unsupportedMediaType: 'UNSUPPORTED_MEDIA_TYPE',
  versionConflict: 'VERSION_CONFLICT',
  conflict: 'CONFLICT',
  internal: 'INTERNAL_ERROR',
  serviceUnavailable: 'SERVICE_UNAVAILABLE',
  /** A mailed token (reset, invitation, verification, e-mail change) used, expired or unknown (issue #15). */
  tokenInvalid: 'TOKEN_INVALIDO',
  /** An admin-set password must be changed before any other call (issue #15, ASVS 6.4.6). */
  passwordChangeRequired: 'PASSWORD_CHANGE_REQUIRED',
  /** Sign-in before the e-mail was verified while `verificacionEmail` is on (issue #15). */
  emailNotVerified: 'EMAIL_NO_VERIFICADO',
} as const;
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

// The schemas are marked pure so a browser build that only uses `ApiError` or `isApiErrorBody`
// drops them, and TypeBox with them (bench/results/bundle-size.md: /login's JavaScript).

/** One invalid field: `field` is the body property (`email`, `password`, …). */
export const ErrorDetailSchema = /*#__PURE__*/ Type.Object({
  field: /*#__PURE__*/ Type.String(),
  message: /*#__PURE__*/ Type.String(),
});
export type ErrorDetail = Static<typeof ErrorDetailSchema>;

/** The error body of every 4xx/5xx answer of the api. */
export const ApiErrorBodySchema = /*#__PURE__*/ Type.Object(
  {
    statusCode: /*#__PURE__*/ Type.Integer(),
    error: /*#__PURE__*/ Type.String(),
    message: /*#__PURE__*/ Type.String(),
    code: /*#__PURE__*/ Type.Optional(/*#__PURE__*/ Type.String()),
    details: /*#__PURE__*/ Type.Optional(/*#__PURE__*/ Type.Array(ErrorDetailSchema)),
  },
  { $id: 'ApiError' },
);
export type ApiErrorBody = Static<typeof ApiErrorBodySchema>;

/** True when a parsed JSON body has the api's error shape. */
export function isApiErrorBody(body: unknown): body is ApiErrorBody {
  if (typeof body !== 'object' || body === null) return false;
  const b = body as Record<string, unknown>;
  return typeof b.statusCode === 'number' && typeof b.message === 'string';
}

/**
 * A failed api call as the frontend sees it. `status` is the HTTP status (0 when the network
 * failed before any answer); `message` is the server's Spanish message, or the caller's default.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly details?: readonly ErrorDetail[],
  ) {
    super(message);
  }
}

/**
 * The error a page renders (SPEC §2): status code, status message, data and a fatal flag.
 * `statusCode` defaults to 500; 404 is what unknown routes carry.
 */
export class AppError extends Error {
  override readonly name = 'AppError';
  readonly statusCode: number;
  readonly statusMessage: string;
  readonly data: unknown;
  readonly fatal: boolean;
  constructor(
    init: { statusCode?: number; statusMessage?: string; data?: unknown; fatal?: boolean } = {},
  ) {
    const statusCode = init.statusCode ?? 500;
    const statusMessage = init.statusMessage ?? (statusCode === 404 ? 'Page not found' : 'Error');
    super(statusMessage);
    this.statusCode = statusCode;
    this.statusMessage = statusMessage;
    this.data = init.data;
    this.fatal = init.fatal ?? false;
  }
}
