/**
 * Single sign-on's round through a real OpenID provider (issue #18), over HTTP on SQLite and
 * PostgreSQL: sign-in and its one-time result, state/nonce/PKCE tampering and replay, linking
 * only a verified e-mail of a listed domain, user creation on and off, deactivated users.
 */
import { SSO_ERROR_CODES, SSO_RESULTADO_COOKIE } from '@gestion/shared';
import { createUser } from './admin-fixtures';
import { bearer, DATABASES, uniqueEmail } from './helper';
import {
  buildSsoWorld,
  callbackOf,
  createProveedor,
  resultadoCookie,
  ssoSignIn,
  type SsoWorld,
} from './sso-fixtures';

const errorOf = (location: unknown) =>
  new URL(String(location), 'http://x').searchParams.get('error');

describe.each(DATABASES)('single sign-on round (%s)', (dialect) => {
  let w: SsoWorld;
  let creates: number;
  let noCreate: number;
  beforeAll(async () => {
    w = await buildSsoWorld(dialect);
    creates = (await createProveedor(w, { crearUsuarios: true, rolPorDefecto: 'usuario' })).id;
    noCreate = (await createProveedor(w, { crearUsuarios: false })).id;
  });
  afterAll(() => w?.close());

  const email = () => uniqueEmail('sso').replace('@example.org', '@empresa.es');

  it('signs a new person in: the callback sets a one-time cookie, /login/sso gets the session', async () => {
    const correo = email();
    w.op.setAccount('alice', { email: correo, email_verified: true, name: 'Alicia Pruebas' });
    const r = await ssoSignIn(w, creates, 'alice', { redirect: '/eventos?x=1' });

    const auth = new URL(String(r.start.headers.location));
    expect(auth.origin).toBe(w.op.issuer);
    expect(auth.searchParams.get('code_challenge_method')).toBe('S256');
    expect(auth.searchParams.get('state')).toBeTruthy();
    expect(auth.searchParams.get('nonce')).toBeTruthy();

    expect(r.callback.statusCode).toBe(302);
    expect(r.callback.headers.location).toBe('/login/sso?redirect=%2Feventos%3Fx%3D1');
    const cookie = String(r.callback.headers['set-cookie']);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\/api\/auth\/sso\/resultado/);
    expect(cookie).toMatch(/Max-Age=60/);

    expect(r.res?.statusCode).toBe(200);
    const body = r.res!.json<{ token: string; user: { email: string; nombre: string } }>();
    expect(body.user).toMatchObject({ email: correo, nombre: 'Alicia Pruebas' });
    // The session token appears in no URL and no header of the round.
    for (const res of [r.start, r.callback])
      expect(JSON.stringify(res.headers)).not.toContain(body.token);
    const me = await w.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: bearer(body.token),
    });
    expect(me.statusCode).toBe(200);
    expect(
      me.json<{ user: { roles: { nombre: string }[] } }>().user.roles.map((x) => x.nombre),
    ).toEqual(['usuario']);
    expect(String(r.res!.headers['set-cookie'])).toMatch(
      new RegExp(`^${SSO_RESULTADO_COOKIE}=;.*Max-Age=0`),
    );

    // The one-time value is spent.
    const again = await w.app.inject({
      method: 'POST',
      url: '/api/auth/sso/resultado',
      headers: { cookie: `${SSO_RESULTADO_COOKIE}=${r.resultado}` },
    });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({ code: SSO_ERROR_CODES.resultadoInvalido });

    // The next sign-in of the same identity reaches the same account (linked by sub).
    const second = await ssoSignIn(w, creates, 'alice');
    expect(second.callback.headers.location).toBe('/login/sso');
    expect(second.res!.json<{ user: { email: string } }>().user.email).toBe(correo);

    const audit = await w.app.db
      .selectFrom('auditoria')
      .select(['accion', 'cambios'])
      .where('actor_email', '=', correo)
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.accion)).toEqual(
      expect.arrayContaining(['sso.alta', 'sso.inicio', 'auth.login']),
    );
  });

  it('refuses a tampered state, a replayed callback, a changed nonce and a changed PKCE challenge', async () => {
    w.op.setAccount('tamper', { email: email(), email_verified: true });

    const state = await ssoSignIn(w, creates, 'tamper', {
      tamper: { callback: (u) => u.searchParams.set('state', 'estado-falso') },
    });
    expect(errorOf(state.callback.headers.location)).toBe(SSO_ERROR_CODES.estadoInvalido);
    expect(state.resultado).toBeUndefined();

    const ok = await ssoSignIn(w, creates, 'tamper');
    expect(ok.res?.statusCode).toBe(200);
    expect(String(ok.start.headers['set-cookie'])).toMatch(
      /^gestion_sso_estado=[^;]+; Path=\/api\/auth\/sso\/\d+\/callback; Max-Age=600; HttpOnly; SameSite=Lax/,
    );
    const replay = await callbackOf(w, ok.back, ok.estado);
    expect(errorOf(replay.headers.location)).toBe(SSO_ERROR_CODES.estadoInvalido);
    expect(resultadoCookie(replay)).toBeUndefined();

    // Login CSRF: someone's callback link opened in another browser (without the state cookie
    // their start set) signs nobody in, and leaves the round unspent for its own browser.
    w.op.setAccount('atacante', { email: email(), email_verified: true });
    const start = await w.app.inject({ method: 'GET', url: `/api/auth/sso/${creates}/start` });
    const estado = String(start.headers['set-cookie']).split(';')[0]!.split('=')[1];
    const link = await w.op.signInAtProvider(String(start.headers.location), 'atacante');
    const victim = await callbackOf(w, link);
    expect(errorOf(victim.headers.location)).toBe(SSO_ERROR_CODES.estadoInvalido);
    expect(resultadoCookie(victim)).toBeUndefined();
    const otherCookie = await callbackOf(w, link, 'otro-estado');
    expect(resultadoCookie(otherCookie)).toBeUndefined();
    expect(resultadoCookie(await callbackOf(w, link, estado))).toBeDefined();

    const nonce = await ssoSignIn(w, creates, 'tamper', {
      tamper: { authUrl: (u) => u.searchParams.set('nonce', 'otro-nonce-cualquiera') },
    });
    expect(errorOf(nonce.callback.headers.location)).toBe(SSO_ERROR_CODES.respuestaInvalida);
    expect(nonce.resultado).toBeUndefined();

    const pkce = await ssoSignIn(w, creates, 'tamper', {
      tamper: {
        authUrl: (u) =>
          u.searchParams.set('code_challenge', 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM'),
      },
    });
    expect(errorOf(pkce.callback.headers.location)).toBe(SSO_ERROR_CODES.respuestaInvalida);
    expect(pkce.resultado).toBeUndefined();

    const rechazos = await w.app.db
      .selectFrom('auditoria')
      .select('cambios')
      .where('accion', '=', 'sso.rechazo')
      .execute();
    const motivos = rechazos.map((r) => JSON.parse(String(r.cambios)).motivo as string);
    expect(motivos).toEqual(
      expect.arrayContaining(['estado_invalido', 'estado_de_otro_navegador', 'respuesta_invalida']),
    );
  });

  it('links an existing account only with a verified e-mail of a listed domain', async () => {
    const local = await createUser(w.app, w.admin, { email: email() });
    w.op.setAccount('bob', { email: local.email, email_verified: false });
    const unverified = await ssoSignIn(w, noCreate, 'bob');
    expect(errorOf(unverified.callback.headers.location)).toBe(SSO_ERROR_CODES.emailNoVerificado);

    w.op.setAccount('bob-otro', { email: uniqueEmail('fuera'), email_verified: true });
    const outside = await ssoSignIn(w, noCreate, 'bob-otro');
    expect(errorOf(outside.callback.headers.location)).toBe(SSO_ERROR_CODES.dominioNoPermitido);

    // Entra ID's way of saying it: no email_verified, the optional claim xms_edov.
    w.op.setAccount('bob', { email: local.email, xms_edov: true });
    const linked = await ssoSignIn(w, noCreate, 'bob');
    expect(linked.res?.statusCode).toBe(200);
    expect(linked.res!.json<{ user: { id: number } }>().user.id).toBe(local.id);
    const vinculacion = await w.app.db
      .selectFrom('auditoria')
      .select('accion')
      .where('objetivo_id', '=', String(local.id))
      .where('accion', '=', 'sso.vinculacion')
      .execute();
    expect(vinculacion).toHaveLength(1);
  });

  it('creates unknown people only with crearUsuarios, and refuses deactivated accounts', async () => {
    const correo = email();
    w.op.setAccount('carol', { email: correo, email_verified: true });
    const refused = await ssoSignIn(w, noCreate, 'carol');
    expect(errorOf(refused.callback.headers.location)).toBe(SSO_ERROR_CODES.usuarioDesconocido);
    expect(
      await w.app.db.selectFrom('usuarios').select('id').where('email', '=', correo).execute(),
    ).toHaveLength(0);

    const created = await ssoSignIn(w, creates, 'carol');
    const user = created.res!.json<{ user: { id: number } }>().user;
    await w.app.db.updateTable('usuarios').set({ activo: 0 }).where('id', '=', user.id).execute();
    const inactive = await ssoSignIn(w, creates, 'carol');
    expect(errorOf(inactive.callback.headers.location)).toBe(SSO_ERROR_CODES.usuarioInactivo);
  });

  it('accepts a pending invitation (an admin’s, an import’s or SCIM’s) by the verified sign-in', async () => {
    const correo = email();
    const invited = await w.app.inject({
      method: 'POST',
      url: '/api/usuarios',
      headers: bearer(w.admin),
      payload: { email: correo, nombre: 'Invitada Única', roles: ['usuario'] },
    });
    expect(invited.statusCode).toBe(201);
    const id = invited.json<{ id: number; invitacionPendiente: boolean }>().id;
    expect(invited.json<{ invitacionPendiente: boolean }>().invitacionPendiente).toBe(true);

    w.op.setAccount('invitada', { email: correo, email_verified: true });
    const r = await ssoSignIn(w, noCreate, 'invitada');
    expect(r.res?.statusCode).toBe(200);
    expect(r.res!.json<{ user: { id: number } }>().user.id).toBe(id);
    const row = await w.app.db
      .selectFrom('usuarios')
      .select(['invitacion_pendiente', 'email_verificado'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect([Number(row.invitacion_pendiente), Number(row.email_verificado)]).toEqual([0, 1]);
    // The mailed link died with it.
    const links = await w.app.db
      .selectFrom('tokens_cuenta')
      .select('id')
      .where('usuario_id', '=', id)
      .where('usado_en', 'is', null)
      .execute();
    expect(links).toHaveLength(0);
    const accepted = await w.app.db
      .selectFrom('auditoria')
      .select('cambios')
      .where('objetivo_id', '=', String(id))
      .where('accion', '=', 'auth.invitacion_aceptada')
      .execute();
    expect(accepted).toHaveLength(1);
    expect(String(accepted[0]!.cambios)).toContain('"via":"sso"');
  });

  it('sends the person back with SSO_PROVEEDOR_RECHAZO when the provider answers an error', async () => {
    w.op.setAccount('cancela', { email: email(), email_verified: true });
    const r = await ssoSignIn(w, creates, 'cancela', {
      redirect: '/informes',
      tamper: {
        callback: (u) => {
          const state = u.searchParams.get('state')!;
          u.search = new URLSearchParams({ error: 'access_denied', state }).toString();
        },
      },
    });
    expect(r.callback.headers.location).toBe(
      `/login/sso?redirect=%2Finformes&error=${SSO_ERROR_CODES.proveedorRechazo}`,
    );
    expect(r.resultado).toBeUndefined();
  });

  it('sends an unknown or inactive provider back to /login/sso with an error', async () => {
    const res = await w.app.inject({
      method: 'GET',
      url: '/api/auth/sso/999/start?redirect=//evil.example',
    });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`/login/sso?error=${SSO_ERROR_CODES.proveedorNoDisponible}`);
  });
});
