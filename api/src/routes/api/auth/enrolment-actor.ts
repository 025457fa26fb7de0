/**
 * Who acts on a second factor (issue #16): a signed-in session, or the enrolment step of a
 * sign-in — a user whose roles require a second factor and who has none holds the token of
 * `{mfa: {token, configurar: true}}` and uses it as bearer to enrol (TOTP in ./mfa.ts, a passkey
 * in ./passkeys.ts). `sessionOrEnrolment` tries that token first, then the ordinary session check;
 * `actorOf` answers the actor it found.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { MfaLogin } from '../../../services/mfa-login';
import type { MfaActor } from '../../../services/mfa-service';
import { signedInCaller } from '../../deps';

/** The token of `Authorization: Bearer <token>` (as the auth plugin reads it), or undefined. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header || header.length > 512) return undefined;
  return /^Bearer +([A-Za-z0-9._~+/=-]+)\s*$/i.exec(header)?.[1];
}

/** Address and User-Agent of the request, for the session a second step or enrolment opens. */
export function metaOf(request: FastifyRequest) {
  return { ip: request.ip, userAgent: request.headers['user-agent'] ?? null };
}

/** The `onRequest` hook accepting an enrolment token or a session, and the actor it found. */
export function enrolmentActors(app: FastifyInstance, login: Pick<MfaLogin, 'findEnrolment'>) {
  const actors = new WeakMap<FastifyRequest, MfaActor>();

  return {
    /** onRequest: an enrolment token, or else a session (401 without either). */
    sessionOrEnrolment: async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
      const token = bearerToken(request);
      const d = token ? await login.findEnrolment(token) : undefined;
      if (d) {
        actors.set(request, {
          kind: 'enrolment',
          desafioId: d.id,
          usuarioId: d.usuarioId,
          meta: metaOf(request),
        });
        return;
      }
      await new Promise<void>((resolve, reject) => {
        app.authenticate.call(app, request, reply, (err?: Error) =>
          err ? reject(err) : resolve(),
        );
      });
    },

    /** The actor of a route behind `sessionOrEnrolment`. */
    actorOf: (request: FastifyRequest): MfaActor =>
      actors.get(request) ?? {
        kind: 'session',
        caller: signedInCaller(request),
        sesionId: request.session!.id,
      },
  };
}
