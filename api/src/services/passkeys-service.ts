/**
 * A user's own passkeys (issue #16, Mi cuenta › Seguridad): registration options, registration,
 * list, rename and removal.
 *
 * Registration takes a session — with step-up, asked by the step-up plugin on the options, the
 * registration and the removal — or the enrolment token of `{mfa: {token, configurar: true}}`
 * (a user whose roles require a second factor and who has none); then the session starts at
 * registration. The challenge is bound to the user and to that enrolment token, lives 5 minutes
 * and is spent by the first registration that presents it, verified or not. Adding or removing a
 * passkey revokes the user's other sessions, voids their pending second steps, mails the
 * `mfa-changed` notice and is audited, in one transaction (mfa-common `factorChanged`).
 */
import {
  PASSKEY_LIMITS,
  type Passkey,
  type PasskeyListResponse,
  type PasskeyRegisteredResponse,
  type PasskeyRegistrationOptions,
  type PasskeyRegistrationRequest,
} from '@gestion/shared';
import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import type { Db } from '../db/types';
import { challengeOf, registrationOptions, verifyRegistration } from '../lib/webauthn';
import { spendDesafio } from '../repositories/mfa-repository';
import {
  countPasskeys,
  deletePasskey,
  findOwnPasskey,
  findPasskeyByCredential,
  insertPasskey,
  issuePasskeyChallenge,
  listPasskeys,
  renamePasskey,
  spendPasskeyChallenge,
} from '../repositories/passkeys-repository';
import { findCicloUsuario, type CicloUsuario } from '../repositories/usuarios-ciclo-repository';
import { createMfaCommon, MFA_AUDIT, type MfaDeps } from './mfa-common';
import { createMfaLogin } from './mfa-login';
import type { MfaActor } from './mfa-service';
import {
  CEREMONY_TIMEOUT_MS,
  descriptors,
  passkeyConflict,
  passkeyInvalid,
  passkeyJson,
  passkeyName,
  passkeyNotFound,
  passkeyParty,
} from './passkeys-common';
import type { SignedInCaller } from './service-deps';

const usuarioOf = (actor: MfaActor) =>
  actor.kind === 'session' ? actor.caller.user.id : actor.usuarioId;

/** The caller's own passkeys over one database. */
export function createPasskeysService(deps: MfaDeps) {
  const { db, now } = deps;
  const common = createMfaCommon(deps);
  const login = createMfaLogin(deps);
  const { rp, handleOf, log } = passkeyParty(deps);

  /** The actor's user, active. @throws 400 PASSKEY_NO_VALIDA otherwise. */
  async function activeUser(tx: Db, actor: MfaActor): Promise<CicloUsuario> {
    const u = await findCicloUsuario(tx, usuarioOf(actor));
    if (!u?.activo) throw passkeyInvalid(400);
    return u;
  }

  return {
    /**
     * POST /api/auth/passkeys/registration-options: options for `startRegistration()`, with a
     * new challenge bound to the user (and the enrolment token) and the user's passkeys excluded.
     * @throws 409 PASSKEY_LIMITE at PASSKEY_LIMITS.maxPerUser passkeys.
     */
    async registrationOptions(actor: MfaActor): Promise<PasskeyRegistrationOptions> {
      const u = await activeUser(db, actor);
      const own = await listPasskeys(db, u.id);
      if (own.length >= PASSKEY_LIMITS.maxPerUser) throw passkeyConflict('tooMany');
      const challenge = await issuePasskeyChallenge(db, {
        tipo: 'registro',
        usuarioId: u.id,
        mfaDesafioId: actor.kind === 'enrolment' ? actor.desafioId : null,
        now: now(),
        ttlMs: PASSKEY_LIMITS.challengeTtlMs,
      });
      // The library types descriptors' `type` as string; it is always 'public-key'.
      return (await registrationOptions(rp, {
        challenge,
        userHandle: handleOf(u.id),
        email: u.email,
        nombre: u.nombre,
        exclude: descriptors(own),
        timeoutMs: CEREMONY_TIMEOUT_MS,
      })) as PasskeyRegistrationOptions;
    },

    /**
     * POST /api/auth/passkeys → 201: verifies the ceremony's answer and stores the passkey; with
     * the enrolment token the session starts now (`token`, `user`).
     * @throws 400 VALIDATION_ERROR (field `nombre`, blank); 400 PASSKEY_NO_VALIDA (challenge
     *   unknown, spent, expired or another's; origin, RP ID, user verification, signature…);
     *   409 PASSKEY_YA_REGISTRADA, PASSKEY_LIMITE.
     */
    async register(
      actor: MfaActor,
      body: PasskeyRegistrationRequest,
    ): Promise<PasskeyRegisteredResponse> {
      const nombre = passkeyName(body.nombre);
      const respuesta = body.respuesta as unknown as RegistrationResponseJSON;
      const challenge = challengeOf(respuesta.response.clientDataJSON);
      const bound = challenge && (await spendPasskeyChallenge(db, challenge, 'registro', now()));
      const desafioId = actor.kind === 'enrolment' ? actor.desafioId : null;
      if (!bound || bound.usuarioId !== usuarioOf(actor) || bound.mfaDesafioId !== desafioId)
        throw passkeyInvalid(400);
      const cred = await verifyRegistration(rp, respuesta, challenge, log('registration'));
      if (!cred) throw passkeyInvalid(400);

      const ip = actor.kind === 'session' ? actor.caller.ip : actor.meta.ip;
      const saved = await db.transaction().execute(async (tx) => {
        const u = await activeUser(tx, actor);
        if (await findPasskeyByCredential(tx, cred.id)) throw passkeyConflict('duplicate');
        if ((await countPasskeys(tx, u.id)) >= PASSKEY_LIMITS.maxPerUser)
          throw passkeyConflict('tooMany');
        if (desafioId !== null && !(await spendDesafio(tx, desafioId, now())))
          throw passkeyInvalid(400);
        const row = await insertPasskey(tx, {
          usuarioId: u.id,
          credencialId: cred.id,
          clavePublica: cred.publicKey,
          contador: cred.counter,
          transportes: cred.transports,
          nombre,
          sincronizada: cred.backedUp,
          creadoEn: now(),
        });
        const keep = actor.kind === 'session' ? actor.sesionId : null;
        await common.factorChanged(tx, u, ip, keep, MFA_AUDIT.passkeyAdded, 'passkey_anadida', {
          passkey: row.id,
          nombre,
        });
        return row;
      });
      deps.kickMail();
      if (actor.kind === 'session') return passkeyJson(saved);
      const signed = await login.completeEnrolment(saved.usuarioId, actor.meta);
      return { ...passkeyJson(saved), ...signed };
    },

    /** GET /api/auth/passkeys: the caller's passkeys, oldest first. */
    async list(usuarioId: number): Promise<PasskeyListResponse> {
      return { passkeys: (await listPasskeys(db, usuarioId)).map(passkeyJson) };
    },

    /**
     * PATCH /api/auth/passkeys/:id: renames one of the caller's passkeys (audited).
     * @throws 400 (field `nombre`, blank), 404 when it is not the caller's.
     */
    async rename(caller: SignedInCaller, id: number, nombre: string): Promise<Passkey> {
      const name = passkeyName(nombre);
      if (!(await renamePasskey(db, caller.user.id, id, name))) throw passkeyNotFound();
      await deps.audit(caller, {
        accion: MFA_AUDIT.passkeyRenamed,
        objetivoTipo: 'usuario',
        objetivoId: caller.user.id,
        cambios: { passkey: id, nombre: name },
      });
      return passkeyJson((await findOwnPasskey(db, caller.user.id, id))!);
    },

    /**
     * DELETE /api/auth/passkeys/:id: removes one of the caller's passkeys; the other sessions
     * end and the user is told.
     * @throws 404 when it is not the caller's.
     */
    async remove(caller: SignedInCaller, sesionId: number, id: number): Promise<void> {
      const removed = await db.transaction().execute(async (tx) => {
        const row = await findOwnPasskey(tx, caller.user.id, id);
        if (!row || !(await deletePasskey(tx, caller.user.id, id))) return false;
        const u = await findCicloUsuario(tx, caller.user.id);
        if (!u) throw new Error(`user ${caller.user.id} vanished inside its transaction`);
        await common.factorChanged(
          tx,
          u,
          caller.ip,
          sesionId,
          MFA_AUDIT.passkeyRemoved,
          'passkey_eliminada',
          { passkey: id, nombre: row.nombre },
        );
        return true;
      });
      if (!removed) throw passkeyNotFound();
      deps.kickMail();
    },
  };
}

export type PasskeysService = ReturnType<typeof createPasskeysService>;
