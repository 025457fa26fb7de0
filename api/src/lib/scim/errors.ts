/**
 * SCIM errors (RFC 7644 §3.12): `{schemas: [Error URN], status: "409", scimType?, detail}`,
 * thrown by the SCIM modules and answered by the SCIM plugin's own error handler, never in the
 * api's `{statusCode, error, message}` shape (a directory reads only SCIM's).
 */

/** The Error message schema URN of RFC 7644 §3.12. */
export const SCIM_ERROR_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:Error';

/** The `scimType`s of RFC 7644 table 9 that this provider answers. */
export type ScimType =
  | 'invalidFilter'
  | 'invalidValue'
  | 'invalidSyntax'
  | 'invalidPath'
  | 'noTarget'
  | 'uniqueness'
  | 'mutability'
  | 'tooMany';

/** A refusal in SCIM's terms: HTTP status, optional `scimType`, a human `detail`. */
export class ScimError extends Error {
  override readonly name = 'ScimError';
  constructor(
    readonly status: number,
    readonly scimType: ScimType | undefined,
    readonly detail: string,
  ) {
    super(detail);
  }

  /** The RFC 7644 §3.12 body; `status` is a string, as the RFC's examples spell it. */
  toBody(): { schemas: string[]; status: string; scimType?: string; detail: string } {
    return {
      schemas: [SCIM_ERROR_SCHEMA],
      status: String(this.status),
      ...(this.scimType ? { scimType: this.scimType } : {}),
      detail: this.detail,
    };
  }
}

/** 400 invalidFilter. */
export const invalidFilter = (detail: string) => new ScimError(400, 'invalidFilter', detail);
/** 400 invalidValue. */
export const invalidValue = (detail: string) => new ScimError(400, 'invalidValue', detail);
/** 400 invalidPath. */
export const invalidPath = (detail: string) => new ScimError(400, 'invalidPath', detail);
/** 404 for a resource id that does not exist (RFC 7644 §3.12: no scimType). */
export const scimNotFound = (detail = 'Recurso no encontrado') =>
  new ScimError(404, undefined, detail);
