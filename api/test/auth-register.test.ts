/**
 * Self-registration (DESIGN.md §3, §4; issue #2) and its allowed e-mail domains (issue #13), on
 * every database of DATABASES.
 */
import {
  API_MESSAGES,
  CONFIGURACION_MESSAGES,
  DOMINIOS_PERMITIDOS_MAX,
  ERROR_CODES,
  MESSAGES,
  type Configuracion,
  type RegisterResponse,
} from '@gestion/shared';
import type { FastifyInstance } from 'fastify';
import { setAjuste } from '../src/repositories/ajustes-repository';
import { AUDIT_ACTIONS, listAudit } from '../src/repositories/auditoria-repository';
import {
  ADMIN,
  DATABASES,
  PASSWORD,
  bearer,
  buildTestApp,
  createTestDatabase,
  expectErrorShape,
  login,
  me,
  register,
  uniqueEmail,
  type TestDatabase,
} from './helper';

describe.each(DATABASES)('registration on %s', (dialect) => {
  let db: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    db = await createTestDatabase(dialect);
    ({ app } = await buildTestApp(db));
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  it('answers 201 with token, user and "Cuenta creada correctamente"; the token works at once', async () => {
    const email = uniqueEmail('alta');
    const res = await register(app, { email, password: PASSWORD, nombre: '  Ana García  ' });
    expect(res.statusCode).toBe(201);
    const body = res.json<RegisterResponse>();
    expect(Object.keys(body).sort()).toEqual(['message', 'token', 'user']);
    expect(body.message).toBe(MESSAGES.registerSuccess);
    expect(body.user).toMatchObject({ email, nombre: 'Ana García', activo: true });
    expect((await me(app, body.token)).statusCode).toBe(200);
    expect(res.body).not.toMatch(/password|hash/i);
  });

  it('gives the new user the default role "usuario"', async () => {
    const res = await register(app, {
      email: uniqueEmail('rol'),
      password: PASSWORD,
      nombre: 'Rol',
    });
    expect(res.json().user.roles).toEqual([
      {
        nombre: 'usuario',
        permisos: [
          { nombre: 'eventos:ver' },
          { nombre: 'periodos:ver' },
          { nombre: 'informes:ver' },
        ],
      },
    ]);
  });

  it('gives the role named by the rol_por_defecto setting', async () => {
    await setAjuste(app.db, 'rol_por_defecto', 'gestor');
    try {
      const res = await register(app, {
        email: uniqueEmail('gestor'),
        password: PASSWORD,
        nombre: 'G',
      });
      expect(res.json<RegisterResponse>().user.roles.map((r) => r.nombre)).toEqual(['gestor']);
    } finally {
      await setAjuste(app.db, 'rol_por_defecto', 'usuario');
    }
  });

  it('stores the e-mail trimmed and lowercased, so sign-in works in any case', async () => {
    const email = uniqueEmail('mayus');
    const res = await register(app, {
      email: `  ${email.toUpperCase()} `,
      password: PASSWORD,
      nombre: 'M',
    });
    expect(res.json().user.email).toBe(email);
    expect((await login(app, email, PASSWORD)).statusCode).toBe(200);
  });

  it('answers 409 EMAIL_TAKEN for an e-mail already registered, whatever its case', async () => {
    const email = uniqueEmail('doble');
    expect((await register(app, { email, password: PASSWORD, nombre: 'A' })).statusCode).toBe(201);
    const res = await register(app, {
      email: email.toUpperCase(),
      password: PASSWORD,
      nombre: 'B',
    });
    const body = expectErrorShape(res, 409, ERROR_CODES.emailTaken);
    expect(body.message).toBe(API_MESSAGES.emailTaken);
  });

  it('answers 400 with a Spanish message per invalid field', async () => {
    const res = await register(app, { email: 'no-es-un-correo', password: 'corta', nombre: '   ' });
    const body = expectErrorShape(res, 400, ERROR_CODES.validation);
    expect(body.message).toBe(API_MESSAGES.validation);
    expect(body.details).toEqual([
      { field: 'email', message: API_MESSAGES.invalidEmail },
      { field: 'password', message: API_MESSAGES.passwordTooShort },
      { field: 'nombre', message: API_MESSAGES.nombreRequired },
    ]);
  });

  it('refuses a password longer than 128 characters', async () => {
    const res = await register(app, {
      email: uniqueEmail('larga'),
      password: 'a'.repeat(129),
      nombre: 'L',
    });
    const body = expectErrorShape(res, 400, ERROR_CODES.validation);
    expect(body.details).toEqual([{ field: 'password', message: API_MESSAGES.passwordTooLong }]);
  });

  it('accepts a password of exactly 8 and of exactly 128 characters', async () => {
    expect(
      (await register(app, { email: uniqueEmail('ocho'), password: 'Xq7#pL2m', nombre: 'O' }))
        .statusCode,
    ).toBe(201);
    expect(
      (
        await register(app, {
          email: uniqueEmail('max'),
          password: 'Zk9'.repeat(42) + 'ab',
          nombre: 'X',
        })
      ).statusCode,
    ).toBe(201);
  });

  it.each(['password', 'PASSWORD1', 'qwerty123', 'Iloveyou'])(
    'refuses the common password "%s"',
    async (password) => {
      const res = await register(app, { email: uniqueEmail('comun'), password, nombre: 'C' });
      const body = expectErrorShape(res, 400, ERROR_CODES.validation);
      expect(body.details).toEqual([{ field: 'password', message: API_MESSAGES.passwordCommon }]);
    },
  );

  it('refuses a nombre over 120 characters', async () => {
    const res = await register(app, {
      email: uniqueEmail('nombre'),
      password: PASSWORD,
      nombre: 'n'.repeat(121),
    });
    expectErrorShape(res, 400, ERROR_CODES.validation);
  });

  it('lists a missing field as required', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: uniqueEmail(), password: PASSWORD },
    });
    const body = expectErrorShape(res, 400, ERROR_CODES.validation);
    expect(body.details).toEqual([{ field: 'nombre', message: API_MESSAGES.nombreRequired }]);
  });

  it('answers 403 REGISTRATION_CLOSED when self-registration is switched off', async () => {
    await setAjuste(app.db, 'registro_abierto', false);
    try {
      const res = await register(app, {
        email: uniqueEmail('cerrado'),
        password: PASSWORD,
        nombre: 'C',
      });
      const body = expectErrorShape(res, 403, ERROR_CODES.registrationClosed);
      expect(body.message).toBe(API_MESSAGES.registrationClosed);
    } finally {
      await setAjuste(app.db, 'registro_abierto', true);
    }
  });

  it('records an auth.registro audit row', async () => {
    const email = uniqueEmail('auditoria');
    await register(app, { email, password: PASSWORD, nombre: 'A' });
    const rows = await listAudit(app.db, { accion: AUDIT_ACTIONS.register, actorEmail: email });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ objetivo_tipo: 'usuario', ip: '127.0.0.1' });
  });

  it('lets exactly one of 20 parallel registrations of one e-mail succeed; the rest get 409, none 5xx', async () => {
    const email = uniqueEmail('carrera');
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        register(app, { email, password: PASSWORD, nombre: `Intento ${i}` }),
      ),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    for (const r of results.filter((x) => x.statusCode === 409))
      expectErrorShape(r, 409, ERROR_CODES.emailTaken);
    const rows = await app.db
      .selectFrom('usuarios')
      .select('id')
      .where('email', '=', email)
      .execute();
    expect(rows).toHaveLength(1);
  });

  describe('allowed e-mail domains (dominiosPermitidos, issue #13)', () => {
    let admin: string;
    const configuracion = () =>
      app.inject({ method: 'GET', url: '/api/configuracion', headers: bearer(admin) });
    const patch = async (payload: Record<string, unknown>) => {
      const { version } = (await configuracion()).json<Configuracion>();
      return app.inject({
        method: 'PATCH',
        url: '/api/configuracion',
        headers: bearer(admin),
        payload: { ...payload, version },
      });
    };

    beforeAll(async () => {
      admin = (await login(app, ADMIN.email, ADMIN.password)).json<{ token: string }>().token;
    });
    afterEach(async () => {
      await patch({ dominiosPermitidos: [] });
    });

    it('is an empty list by default: any domain may register', async () => {
      expect((await configuracion()).json<Configuracion>().dominiosPermitidos).toEqual([]);
      expect(
        (await register(app, { email: 'uno@cualquiera.test', password: PASSWORD, nombre: 'U' }))
          .statusCode,
      ).toBe(201);
    });

    it('stores domains trimmed, lower-cased, without "@" or repeats, and audits the change', async () => {
      const res = await patch({
        dominiosPermitidos: [' Empresa.ES ', '@filial.example.org', 'empresa.es'],
      });
      expect(res.statusCode).toBe(200);
      expect(res.json<Configuracion>().dominiosPermitidos).toEqual([
        'empresa.es',
        'filial.example.org',
      ]);
      const [row] = await listAudit(app.db, { accion: 'configuracion.editar', limit: 1 });
      expect(JSON.parse(row!.cambios!)).toEqual({
        antes: { dominiosPermitidos: [] },
        despues: { dominiosPermitidos: ['empresa.es', 'filial.example.org'] },
      });
    });

    it('answers 403 REGISTRATION_DOMAIN for another domain, a subdomain, and before any other check', async () => {
      await patch({ dominiosPermitidos: ['empresa.es'] });
      const taken = uniqueEmail('ya-existe');
      for (const email of ['ana@otra.es', 'ana@ventas.empresa.es', 'ana@empresa.es.evil.test']) {
        const res = await register(app, { email, password: 'corta', nombre: '' });
        const body = expectErrorShape(res, 403, ERROR_CODES.registrationDomain);
        expect(body.message).toBe(API_MESSAGES.registrationDomain);
      }
      // An existing account in a refused domain gets the same 403, not 409: nothing leaks.
      await patch({ dominiosPermitidos: [] });
      expect(
        (await register(app, { email: taken, password: PASSWORD, nombre: 'T' })).statusCode,
      ).toBe(201);
      await patch({ dominiosPermitidos: ['empresa.es'] });
      const again = await register(app, { email: taken, password: PASSWORD, nombre: 'T' });
      expect(again.body).toBe(
        (await register(app, { email: uniqueEmail('nueva'), password: PASSWORD, nombre: 'T' }))
          .body,
      );
      expectErrorShape(again, 403, ERROR_CODES.registrationDomain);
      // A listed domain, in any case, registers.
      const ok = await register(app, {
        email: `  Ana.${Date.now()}@EMPRESA.es `,
        password: PASSWORD,
        nombre: 'Ana',
      });
      expect(ok.statusCode).toBe(201);
    });

    it.each([
      [['empresa'], 'empresa'],
      [['empresa..es'], 'empresa..es'],
      [['-empresa.es'], '-empresa.es'],
      [['empresa.es/x'], 'empresa.es/x'],
      [['ana@empresa.es'], 'ana@empresa.es'],
      [['empresa.123'], 'empresa.123'],
      [[''], ''],
      [['ñandú.es'], 'ñandú.es'],
    ])('answers 400 with details field dominiosPermitidos for %j', async (dominios, shown) => {
      const res = await patch({ dominiosPermitidos: dominios });
      expect(expectErrorShape(res, 400, ERROR_CODES.validation).details).toEqual([
        {
          field: 'dominiosPermitidos',
          message: `«${shown}»: ${CONFIGURACION_MESSAGES.dominioInvalido}`,
        },
      ]);
      expect((await configuracion()).json<Configuracion>().dominiosPermitidos).toEqual([]);
    });

    it(`answers 400 for more than ${DOMINIOS_PERMITIDOS_MAX} domains, and accepts exactly that many`, async () => {
      const many = (n: number) => Array.from({ length: n }, (_, i) => `d${i}.example.org`);
      const res = await patch({ dominiosPermitidos: many(DOMINIOS_PERMITIDOS_MAX + 1) });
      expect(expectErrorShape(res, 400, ERROR_CODES.validation).details).toEqual([
        { field: 'dominiosPermitidos', message: CONFIGURACION_MESSAGES.demasiadosDominios },
      ]);
      const max = await patch({ dominiosPermitidos: many(DOMINIOS_PERMITIDOS_MAX) });
      expect(max.json<Configuracion>().dominiosPermitidos).toHaveLength(DOMINIOS_PERMITIDOS_MAX);
    });
  });
});
