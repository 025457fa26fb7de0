import { screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import {
  API_TOKEN_MAX_DIAS,
  API_TOKENS_ERROR_CODES,
  API_TOKENS_MESSAGES,
  type ApiToken,
} from '@gestion/shared';
import { mockFetch } from '@gestion/shared/testing';
import { makeUser, renderPage, signedIn } from '../../../testing/render';
import TokensSection from './TokensSection';
import { dateInDays, expiryInstant } from './CrearTokenDialog';

jest.setTimeout(30_000);

const DAY = 86_400_000;
const token = (over: Partial<ApiToken> = {}): ApiToken => ({
  id: 4,
  nombre: 'Informe semanal',
  permisos: ['eventos:ver', 'informes:ver'],
  creadoEn: '2026-11-20T10:00:00.000Z',
  expiraEn: new Date(Date.now() + 20 * DAY).toISOString(),
  ultimoUso: null,
  prefijo: 'gdu_pat_Ab3x',
  ...over,
});
const page = (...items: ApiToken[]) => ({
  body: { items, total: items.length, page: 1, pageSize: 100 },
});
/** A user holding three permissions (makeUser's `usuario` role). */
const open = () => renderPage(<TokensSection />, { auth: signedIn(makeUser()) });

afterEach(async () => {
  await i18next.changeLanguage('es');
});

describe('Mi cuenta › Tokens (issue #17)', () => {
  it('lists each token with its permissions in words, creation, expiry and last use', async () => {
    const api = mockFetch({
      'GET /api/tokens': page(
        token(),
        token({
          id: 3,
          nombre: 'Viejo',
          expiraEn: '2026-01-01T00:00:00.000Z',
          ultimoUso: '2025-12-30T08:00:00.000Z',
        }),
      ),
    });
    open();
    const list = await screen.findByRole('list', { name: 'Sus tokens de API' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent('Informe semanal');
    expect(first).toHaveTextContent('gdu_pat_Ab3x…');
    expect(first).toHaveTextContent('Permisos: Ver eventos, Ver informes');
    expect(first).toHaveTextContent(/Creado: .*2026.* · Caduca: .* · Último uso: nunca/);
    expect(within(first!).queryByText('Caducado')).not.toBeInTheDocument();
    expect(second).toHaveTextContent('Caducado');
    expect(second).toHaveTextContent(/Último uso: .*2025/);
    // The caller's own tokens: no usuarioId.
    expect(api.callsTo('GET /api/tokens')[0]!.query.get('usuarioId')).toBeNull();
    expect(screen.queryByText('Todavía no tiene ningún token de API.')).not.toBeInTheDocument();
  });

  it('says there is none yet, without a list or an error, and offers to create one', async () => {
    mockFetch({ 'GET /api/tokens': page() });
    open();
    expect(await screen.findByText('Todavía no tiene ningún token de API.')).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
    expect(screen.queryByText('No se han podido cargar los tokens')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Crear token' })).toBeEnabled();
  });

  it('says a failed load once, with Reintentar, and no "none yet"', async () => {
    const api = mockFetch({ 'GET /api/tokens': { status: 500, body: {} } });
    const { user } = open();
    expect(await screen.findByText('No se han podido cargar los tokens')).toBeInTheDocument();
    expect(screen.queryByText('Todavía no tiene ningún token de API.')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    await waitFor(() => expect(api.callsTo('GET /api/tokens')).toHaveLength(2));
  });

  it('creates a token with only permissions the user holds, then shows it once with Copiar', async () => {
    const created = token({ id: 9, nombre: 'CI', permisos: ['informes:ver'] });
    const api = mockFetch({
      'GET /api/tokens': page(),
      'POST /api/tokens': {
        status: 201,
        body: { token: 'gdu_pat_SECRETO123', apiToken: created },
      },
    });
    const { user, shell } = open();
    await user.click(await screen.findByRole('button', { name: 'Crear token' }));
    const dialog = await screen.findByRole('dialog', { name: 'Crear token de API' });
    // Only the three permissions this user holds, in the reader's words.
    const boxes = within(dialog)
      .getAllByRole('checkbox')
      .map((c) => c.closest('label')?.textContent);
    expect(boxes).toEqual(
      expect.arrayContaining([
        'Ver eventos (eventos:ver)',
        'Ver periodos (periodos:ver)',
        'Ver informes (informes:ver)',
      ]),
    );
    expect(within(dialog).queryByText(/usuarios:ver/)).not.toBeInTheDocument();
    // Expiry: 30 days by default, required.
    expect(within(dialog).getByLabelText(/Fecha de caducidad/)).toHaveValue(dateInDays(30));

    // Nothing ticked: said under the permissions, nothing sent.
    await user.type(within(dialog).getByRole('textbox', { name: /Nombre/ }), 'CI');
    await user.click(within(dialog).getByRole('button', { name: 'Crear' }));
    expect(await within(dialog).findByText('Elija al menos un permiso')).toBeInTheDocument();
    expect(api.callsTo('POST /api/tokens')).toHaveLength(0);

    await user.click(within(dialog).getByRole('checkbox', { name: 'Ver informes (informes:ver)' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Caduca en' }));
    await user.click(await screen.findByRole('option', { name: '90 días' }));
    expect(within(dialog).getByLabelText(/Fecha de caducidad/)).toHaveValue(dateInDays(90));
    await user.click(within(dialog).getByRole('button', { name: 'Crear' }));

    await waitFor(() => expect(api.callsTo('POST /api/tokens')).toHaveLength(1));
    const body = api.callsTo('POST /api/tokens')[0]!.body as Record<string, string>;
    expect(body).toEqual({ nombre: 'CI', permisos: ['informes:ver'], expiraEn: expect.any(String) });
    const days = (Date.parse(body.expiraEn!) - Date.now()) / DAY;
    expect(days).toBeGreaterThan(89);
    expect(days).toBeLessThanOrEqual(91);

    const shown = await screen.findByRole('dialog', { name: 'Token «CI» creado' });
    expect(within(shown).getByRole('textbox', { name: 'Token' })).toHaveValue('gdu_pat_SECRETO123');
    expect(shown).toHaveAccessibleDescription(/no se volverá a mostrar/);
    await user.click(within(shown).getByRole('button', { name: 'Copiar' }));
    await waitFor(() =>
      expect(shell.notify).toHaveBeenCalledWith('Copiado al portapapeles', { type: 'success' }),
    );
    expect(await navigator.clipboard.readText()).toBe('gdu_pat_SECRETO123');
    expect(within(shown).getByRole('button', { name: 'Copiado' })).toBeInTheDocument();
    await user.click(within(shown).getByRole('button', { name: 'Hecho' }));
    await waitFor(() => expect(screen.queryByText('gdu_pat_SECRETO123')).not.toBeInTheDocument());
    expect(screen.queryByDisplayValue('gdu_pat_SECRETO123')).not.toBeInTheDocument();
  });

  it("puts the api's refusal of a permission under the permissions, in English too", async () => {
    await i18next.changeLanguage('en');
    mockFetch({
      'GET /api/tokens': page(),
      'POST /api/tokens': {
        status: 400,
        body: {
          statusCode: 400,
          error: 'Bad Request',
          code: API_TOKENS_ERROR_CODES.permisosNoValidos,
          message: API_TOKENS_MESSAGES.permisosNoValidos,
          details: [{ field: '/permisos/0', message: API_TOKENS_MESSAGES.permisoNoTenido }],
        },
      },
    });
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Create token' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create API token' });
    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'CI');
    await user.click(within(dialog).getByRole('checkbox', { name: 'View events (eventos:ver)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('You do not hold this permission')).toBeInTheDocument();
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('refuses an expiry in the past or past 365 days before asking the api', async () => {
    const api = mockFetch({ 'GET /api/tokens': page() });
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Crear token' }));
    const dialog = await screen.findByRole('dialog', { name: 'Crear token de API' });
    await user.type(within(dialog).getByRole('textbox', { name: /Nombre/ }), 'CI');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Ver eventos (eventos:ver)' }));
    const fecha = within(dialog).getByLabelText(/Fecha de caducidad/);
    await user.clear(fecha);
    await user.type(fecha, dateInDays(API_TOKEN_MAX_DIAS + 1));
    expect(within(dialog).getByRole('combobox', { name: 'Caduca en' })).toHaveTextContent(
      'Otra fecha',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Crear' }));
    expect(
      await within(dialog).findByText('Como máximo 365 días a partir de hoy'),
    ).toBeInTheDocument();
    await user.clear(fecha);
    await user.type(fecha, dateInDays(0));
    await user.click(within(dialog).getByRole('button', { name: 'Crear' }));
    expect(
      await within(dialog).findByText('La fecha de caducidad debe ser futura'),
    ).toBeInTheDocument();
    expect(api.callsTo('POST /api/tokens')).toHaveLength(0);
  });

  it('revokes a token after the confirmation', async () => {
    const api = mockFetch({
      'GET /api/tokens': page(token()),
      'DELETE /api/tokens/4': { status: 204 },
    });
    const { user, shell } = open();
    await user.click(await screen.findByRole('button', { name: 'Revocar Informe semanal' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Revocar el token?' });
    expect(dialog).toHaveTextContent('«Informe semanal» dejará de poder llamar a la API');
    expect(api.callsTo('DELETE /api/tokens/4')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Revocar' }));
    await waitFor(() => expect(api.callsTo('DELETE /api/tokens/4')).toHaveLength(1));
    await waitFor(() =>
      expect(shell.notify).toHaveBeenCalledWith('Token «Informe semanal» revocado', {
        type: 'success',
      }),
    );
    // The list is asked again.
    await waitFor(() => expect(api.callsTo('GET /api/tokens')).toHaveLength(2));
  });
});

describe('expiryInstant', () => {
  const now = new Date(2026, 10, 26, 9, 30);

  it("is the end of the chosen day in the reader's zone", () => {
    expect(new Date(expiryInstant('2026-12-26', now)!).getTime()).toBe(
      new Date(2026, 11, 26, 23, 59, 59).getTime(),
    );
  });

  it('never passes the api limit of 365 days, even on the last allowed day', () => {
    const last = expiryInstant(dateInDays(API_TOKEN_MAX_DIAS, now), now)!;
    expect(Date.parse(last)).toBeLessThanOrEqual(now.getTime() + API_TOKEN_MAX_DIAS * DAY);
  });

  it('reads nothing from a value that is not a date', () => {
    expect(expiryInstant('')).toBeUndefined();
    expect(expiryInstant('mañana')).toBeUndefined();
  });
});
