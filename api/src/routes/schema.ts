/**
 * The pieces every route schema under `routes/api/` repeats, written once (STYLE.md: fastify/demo
 * keeps what every route needs in one place). A route then reads as what is particular to it:
 *
 *   schema: {
 *     tags: ['eventos'],
 *     summary: 'Eliminar un evento y sus periodos',
 *     security: bearer,
 *     params: IdParamsSchema,
 *     response: { 204: noContent(), ...errors(400, 401, 403, 404) },
 *   }
 *
 * Nothing here changes what a route accepts or answers: these are the same schemas the routes
 * spelt out by hand, so the OpenAPI document (`/api/docs`) and validation stay as they were.
 */
import { ApiErrorBodySchema } from '@gestion/shared';
import { Type } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';

/**
 * Response schemas for error statuses: each of `codes` answers the one error shape
 * `{ statusCode, error, message, code?, details? }` (DESIGN.md §3), e.g.
 * `response: { 200: EventoSchema, ...errors(400, 401, 403, 404) }`.
 */
export function errors(...codes: number[]) {
  return Object.fromEntries(codes.map((c) => [c, ApiErrorBodySchema]));
}

/**
 * `security` of a route that needs a session: the Bearer token of DESIGN.md §3 (the scheme is
 * declared once, as `bearer`, by the swagger plugin). Routes open to anyone leave it out.
 */
export const bearer = [{ bearer: [] }];

/**
 * The body schema of a 204 answer (`reply.code(204).send(null)`); `description` is what the
 * OpenAPI document says of it ('Eliminado', 'Cerrada').
 */
export function noContent(description?: string) {
  return description === undefined ? Type.Null() : Type.Null({ description });
}

/**
 * `produces` of an export route and `consumes` of an import route: CSV (RFC 4180), the one file
 * format of `GET /<resource>/export` and `POST /<resource>/import` (DESIGN.md §3). The OpenAPI
 * document marks a route producing it as a download.
 */
export const CSV_MEDIA = ['text/csv'];

/**
 * Accepts `text/csv` request bodies as a string of at most `bodyLimit` bytes, in the calling
 * plugin's scope only (an import route; every other route keeps JSON only, 415 otherwise).
 */
export function acceptCsvBodies(app: FastifyInstance, bodyLimit: number): void {
  app.addContentTypeParser('text/csv', { parseAs: 'string', bodyLimit }, (_request, body, done) =>
    done(null, body),
  );
}
