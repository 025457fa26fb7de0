/**
 * The single sign-on round (issue #18) with openid-client v6: authorization code + PKCE S256 +
 * `state` + `nonce` (OpenID Connect Core §3.1, RFC 7636, RFC 9700 §2.1).
 *
 * - `start`: a round (state hashed, nonce, verifier, same-origin redirect) stored for
 *   SSO_LIMITS.estadoTtlMs; answers the provider's authorization URL.
 * - `callback`: spends the round (a replayed or tampered `state` finds none), exchanges the
 *   code (openid-client checks the `iss` parameter, PKCE at the provider, the ID token's
 *   signature, audience, expiry and nonce), reads userinfo, decides the user (sso-identity.ts)
 *   and stores a one-time result (hashed) for SSO_LIMITS.resultadoTtlMs. It never opens a
 *   session: the browser is sent to /login/sso with a cookie holding the one-time value.
 * - `resultado`: spends that value and answers exactly as a right password does — the second
 *   factor of issue #16 (`afterPassword`) or a session (`completeSignIn`, audited `auth.login`
 *   with `via: 'sso'`). So the session token only ever travels in a POST answer's body.
 *
 * Every refusal is audited `sso.rechazo` with its reason, and each successful identification
 * `sso.inicio`.
 */
import {
  SSO_ERROR_CODES,
  SSO_LIMITS,
  SSO_LOGIN_PAGE,
  SSO_MESSAGES,
  isSafeRedirect,
  type LoginMfaResponse,
  type SignedInResponse,
  type SsoErrorCode,
} from '@gestion/shared';
import { randomBytes } from 'node:crypto';
import { HttpError } from '../lib/http-errors';
import { oidcConfiguration, openidClient } from '../lib/oidc';
import { decryptClientSecret } from '../lib/sso-crypto';
import { insertAudit } from '../repositories/auditoria-repository';
import { findProveedor, type ProveedorRow } from '../repositories/sso-repository';
import {
  estadoRedirect,
  insertEstado,
  insertResultado,
  purgeExpired,
  spendEstado,
  spendResultado,
} from '../repositories/sso-rondas-repository';
import { findCicloUsuario } from '../repositories/usuarios-ciclo-repository';
import { sha256, type CicloDeps } from './ciclo-cuenta-common';
import { afterPassword } from './mfa-login';
import type { ClientCaller } from './service-deps';
import { createSignInSteps } from './sign-in-steps';
import { jsonList, redirectUriOf } from './sso-common';
import { identify, SsoRefusal, type Claims } from './sso-identity';

/** The lifecycle deps plus the key of the stored client secrets. */
export interface SsoLoginDeps extends CicloDeps {
  key: Buffer;
}

/** Where the callback sends the browser, and the one-time value for the cookie on success. */
export interface CallbackOutcome {
  location: string;
  resultado?: string;
}

/** `/login/sso?…` with `error` and/or `redirect` (only a same-origin path other than `/`). */
export function loginSsoUrl(q: { error?: SsoErrorCode; redirect?: string }): string {
  const params = new URLSearchParams();
  if (q.redirect && q.redirect !== '/' && isSafeRedirect(q.redirect))
    params.set('redirect', q.redirect);
  if (q.error) params.set('error', q.error);
  const s = params.toString();
  return s ? `${SSO_LOGIN_PAGE}?${s}` : SSO_LOGIN_PAGE;
}

const resultadoInvalido = () =>
  new HttpError(401, SSO_ERROR_CODES.resultadoInvalido, SSO_MESSAGES.resultadoInvalido);

/** The sign-in round over one database. */
export function createSsoLoginService(deps: SsoLoginDeps) {
  const { db, now, key } = deps;
  const steps = createSignInSteps(deps);

  async function configOf(p: ProveedorRow) {
    const secret = decryptClientSecret(key, p.id, p.client_secret_cifrado);
    return oidcConfiguration(
      JSON.parse(p.metadatos) as Record<string, unknown>,
      p.client_id,
      secret,
    );
  }

  async function auditRefusal(
    p: { id: number; nombre: string } | null,
    r: SsoRefusal,
    ip: string,
    extra?: object,
  ) {
    await insertAudit(db, {
      actorId: r.usuarioId,
      actorEmail: r.email,
      accion: 'sso.rechazo',
      objetivoTipo: 'usuario',
      objetivoId: r.usuarioId,
      cambios: {
        ...(p ? { proveedorId: p.id, proveedor: p.nombre } : {}),
        motivo: r.motivo,
        ...extra,
      },
      ip,
      at: now(),
    });
  }

  return {
    /**
     * GET /api/auth/sso/:id/start: the provider's authorization URL, or /login/sso with
     * SSO_PROVEEDOR_NO_DISPONIBLE for an unknown or inactive provider. `redirect` other than a
     * same-origin path becomes `/`.
     */
    async start(id: number, redirect: string | undefined, caller: ClientCaller): Promise<string> {
      const p = await findProveedor(db, id);
      const back = redirect && isSafeRedirect(redirect) ? redirect : '/';
      if (!p || p.activo !== 1) {
        await auditRefusal(
          p ?? null,
          new SsoRefusal(SSO_ERROR_CODES.proveedorNoDisponible, 'proveedor_no_disponible'),
          caller.ip,
          { proveedorId: id },
        );
        return loginSsoUrl({ error: SSO_ERROR_CODES.proveedorNoDisponible, redirect: back });
      }
      const client = await openidClient();
      const state = client.randomState();
      const nonce = client.randomNonce();
      const verificador = client.randomPKCECodeVerifier();
      const url = client.buildAuthorizationUrl(await configOf(p), {
        redirect_uri: redirectUriOf(deps.appUrl, p.id),
        scope: jsonList(p.scopes).join(' '),
        code_challenge: await client.calculatePKCECodeChallenge(verificador),
        code_challenge_method: 'S256',
        state,
        nonce,
      });
      await purgeExpired(db, now());
      await insertEstado(db, {
        estadoHash: sha256(state),
        proveedorId: p.id,
        nonce,
        verificador,
        redirect: back,
        now: now(),
        ttlMs: SSO_LIMITS.estadoTtlMs,
      });
      return url.href;
    },

    /**
     * GET /api/auth/sso/:id/callback?<query>: where to send the browser (and, on success, the
     * one-time value for the cookie). `navegador`: the state cookie `start` set in this browser.
     * Never throws for the provider's or the person's sake.
     */
    async callback(
      id: number,
      rawQuery: string,
      caller: ClientCaller,
      navegador: string | undefined,
    ): Promise<CallbackOutcome> {
      const query = new URLSearchParams(rawQuery);
      const state = query.get('state') ?? '';
      const p = await findProveedor(db, id);
      const redirect = state ? await estadoRedirect(db, sha256(state)) : undefined;
      const refuse = async (r: SsoRefusal, extra?: object): Promise<CallbackOutcome> => {
        await auditRefusal(p ? { id: p.id, nombre: p.nombre } : null, r, caller.ip, extra);
        return { location: loginSsoUrl({ error: r.code, redirect }) };
      };
      if (!p || p.activo !== 1)
        return refuse(
          new SsoRefusal(SSO_ERROR_CODES.proveedorNoDisponible, 'proveedor_no_disponible'),
        );
      // The state must come back to the browser that started the round (its cookie): else a
      // callback link someone else obtained would sign this browser in as them (login CSRF,
      // RFC 9700 §4.7.1). Checked before the round is spent, so such a link spends nothing.
      if (!state || navegador !== state)
        return refuse(new SsoRefusal(SSO_ERROR_CODES.estadoInvalido, 'estado_de_otro_navegador'));
      const round = await spendEstado(db, sha256(state), p.id, now());
      if (!round) return refuse(new SsoRefusal(SSO_ERROR_CODES.estadoInvalido, 'estado_invalido'));
      if (query.has('error'))
        return refuse(new SsoRefusal(SSO_ERROR_CODES.proveedorRechazo, 'proveedor_rechazo'), {
          error: query.get('error')?.slice(0, 100),
        });

      let claims: Claims;
      try {
        const client = await openidClient();
        const config = await configOf(p);
        const currentUrl = new URL(`${redirectUriOf(deps.appUrl, p.id)}?${rawQuery}`);
        const tokens = await client.authorizationCodeGrant(config, currentUrl, {
          pkceCodeVerifier: round.verificador,
          expectedState: state,
          expectedNonce: round.nonce,
          idTokenExpected: true,
        });
        const idClaims = tokens.claims() as Claims | undefined;
        if (!idClaims || typeof idClaims.sub !== 'string') throw new Error('no ID token subject');
        const userinfo = config.serverMetadata().userinfo_endpoint
          ? ((await client.fetchUserInfo(config, tokens.access_token, idClaims.sub)) as Claims)
          : {};
        // The ID token's claims win over userinfo's (both come from the provider; the ID token
        // is the signed one).
        claims = { ...userinfo, ...idClaims };
      } catch (err) {
        const e = err as { code?: string; error?: string; message?: string };
        return refuse(new SsoRefusal(SSO_ERROR_CODES.respuestaInvalida, 'respuesta_invalida'), {
          error: String(e.error ?? e.code ?? e.message ?? 'error').slice(0, 200),
        });
      }

      try {
        const who = await db
          .transaction()
          .execute((tx) => identify(tx, p, claims, { ip: caller.ip, now: now() }));
        const resultado = randomBytes(32).toString('base64url');
        await insertResultado(db, {
          valorHash: sha256(resultado),
          usuarioId: who.usuarioId,
          proveedorId: p.id,
          now: now(),
          ttlMs: SSO_LIMITS.resultadoTtlMs,
        });
        await insertAudit(db, {
          actorId: who.usuarioId,
          actorEmail: who.email,
          accion: 'sso.inicio',
          objetivoTipo: 'usuario',
          objetivoId: who.usuarioId,
          cambios: {
            proveedorId: p.id,
            proveedor: p.nombre,
            ...(who.creado ? { creado: true } : {}),
            ...(who.vinculado ? { vinculado: true } : {}),
          },
          ip: caller.ip,
          at: now(),
        });
        return { location: loginSsoUrl({ redirect: round.redirect }), resultado };
      } catch (err) {
        if (err instanceof SsoRefusal) return refuse(err);
        throw err;
      }
    },

    /**
     * POST /api/auth/sso/resultado: spends the one-time value and signs in as a right password
     * would (second factor first when issue #16's rules ask for it).
     * @throws 401 SSO_RESULTADO_INVALIDO (missing, expired, spent; or the user deactivated since).
     */
    async resultado(
      valor: string | undefined,
      caller: ClientCaller,
    ): Promise<SignedInResponse | LoginMfaResponse> {
      if (!valor || valor.length > 200) throw resultadoInvalido();
      const r = await spendResultado(db, sha256(valor), now());
      if (!r) throw resultadoInvalido();
      const u = await findCicloUsuario(db, r.usuarioId);
      if (!u || !u.activo || u.invitacionPendiente) throw resultadoInvalido();
      const mfaStep = await afterPassword(deps, u.id);
      if (mfaStep) return mfaStep;
      return steps.completeSignIn(u.id, caller, 'sso');
    },
  };
}
