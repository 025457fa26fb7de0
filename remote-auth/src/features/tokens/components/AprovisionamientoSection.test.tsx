import { screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import {
  SCIM_CONEXIONES_MAX,
  SCIM_TOKENS_ERROR_CODES,
  SCIM_TOKENS_MESSAGES,
  type ConexionScim,
} from '@gestion/shared';
import { mockFetch } from '@gestion/shared/testing';
import { makeUser, renderPage, signedIn } from '../../../testing/render';
import { AprovisionamientoSection, scimBaseUrl } from './AprovisionamientoSection';

jest.setTimeout(30_000);

const admin = makeUser({ roles: [{ nombre: 'admin', permisos: [] }] });
const ENTRA: ConexionScim = {
  id: 2,
  nombre: 'Entra ID',
  creadoEn: '2026-11-20T10:00:00.000Z',
  ultimoUso: null,
  prefijo: 'gdu_scim_Qw12',
};
const page = (...items: ConexionScim[]) => ({
  body: { items, total: items.length, page: 1, pageSize: items.length || 1 },
});
const open = () => renderPage(<AprovisionamientoSection />, { auth: signedIn(admin) });

afterEach(async () => {
  await i18next.changeLanguage('es');
});

describe('Ajustes › Aprovisionamiento (issue #17)', () => {
  it('shows the SCIM base URL to copy, the connections and the rotation hint', async () => {
    mockFetch({ 'GET /api/scim/tokens': page(ENTRA) });
    const { user, shell } = open();
    expect(await screen.findByRole('heading', { name: 'Aprovisionamiento' })).toBeInTheDocument();
    const url = screen.getByRole('textbox', { name: 'URL base de SCIM' });
    expect(url).toHaveValue(`${window.location.origin}/scim/v2`);
    await user.click(screen.getByRole('button', { name: 'Copiar la URL base de SCIM' }));
    await waitFor(() =>
      expect(shell.notify).toHaveBeenCalledWith('Copiado al portapapeles', { type: 'success' }),
    );
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/scim/v2`);

    const table = await screen.findByRole('table', {
      name: 'Tokens de conexión de aprovisionamiento',
    });
    const row = within(table).getByRole('row', { name: /Entra ID/ });
    expect(row).toHaveTextContent('gdu_scim_Qw12…');
    expect(row).toHaveTextContent('nunca');
    expect(screen.getByText(/los dos funcionan a la vez/)).toBeInTheDocument();
  });

  it('says there is none yet, and a failed load with Reintentar, never both', async () => {
    mockFetch({ 'GET /api/scim/tokens': page() });
    const first = open();
    expect(await screen.findByText('Todavía no hay ningún token de conexión.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    first.unmount();

    const api = mockFetch({ 'GET /api/scim/tokens': { status: 500, body: {} } });
    const { user } = open();
    expect(
      await screen.findByText('No se han podido cargar los tokens de conexión'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Todavía no hay ningún token de conexión.')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    await waitFor(() => expect(api.callsTo('GET /api/scim/tokens')).toHaveLength(2));
  });

  it('creates a connection token and shows it once, with Copiar', async () => {
    const api = mockFetch({
      'GET /api/scim/tokens': page(),
      'POST /api/scim/tokens': {
        status: 201,
        body: { token: 'gdu_scim_SECRETO', conexion: { ...ENTRA, nombre: 'Okta' } },
      },
    });
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Crear token' }));
    const dialog = await screen.findByRole('dialog', { name: 'Crear token de conexión' });
    await user.click(within(dialog).getByRole('button', { name: 'Crear' }));
    expect(await within(dialog).findByText('Indique un nombre')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /Nombre/ }), '  Okta ');
    await user.click(within(dialog).getByRole('button', { name: 'Crear' }));
    await waitFor(() => expect(api.callsTo('POST /api/scim/tokens')).toHaveLength(1));
    expect(api.callsTo('POST /api/scim/tokens')[0]!.body).toEqual({ nombre: 'Okta' });

    const shown = await screen.findByRole('dialog', { name: 'Token de «Okta» creado' });
    expect(within(shown).getByRole('textbox', { name: 'Token' })).toHaveValue('gdu_scim_SECRETO');
    expect(shown).toHaveTextContent('no se volverá a mostrar');
    expect(shown).toHaveTextContent('Secret Token');
    await user.click(within(shown).getByRole('button', { name: 'Copiar' }));
    expect(await within(shown).findByRole('button', { name: 'Copiado' })).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe('gdu_scim_SECRETO');
    await user.click(within(shown).getByRole('button', { name: 'Hecho' }));
    await waitFor(() =>
      expect(screen.queryByDisplayValue('gdu_scim_SECRETO')).not.toBeInTheDocument(),
    );
  });

  it("shows the api's limit above the form, in English", async () => {
    await i18next.changeLanguage('en');
    mockFetch({
      'GET /api/scim/tokens': page(ENTRA),
      'POST /api/scim/tokens': {
        status: 409,
        body: {
          statusCode: 409,
          error: 'Conflict',
          code: SCIM_TOKENS_ERROR_CODES.limite,
          message: SCIM_TOKENS_MESSAGES.limite,
        },
      },
    });
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Create token' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create connection token' });
    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Okta');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(
      await within(dialog).findByText(
        `There are already ${SCIM_CONEXIONES_MAX} active provisioning connections; revoke one before creating another`,
      ),
    ).toBeInTheDocument();
  });

  it('revokes a connection after the confirmation', async () => {
    const api = mockFetch({
      'GET /api/scim/tokens': page(ENTRA),
      'DELETE /api/scim/tokens/2': { status: 204 },
    });
    const { user, shell } = open();
    await user.click(await screen.findByRole('button', { name: 'Revocar Entra ID' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Revocar el token de conexión?' });
    expect(dialog).toHaveTextContent('«Entra ID» dejará de poder aprovisionar');
    await user.click(within(dialog).getByRole('button', { name: 'Revocar' }));
    await waitFor(() => expect(api.callsTo('DELETE /api/scim/tokens/2')).toHaveLength(1));
    await waitFor(() =>
      expect(shell.notify).toHaveBeenCalledWith('Token de «Entra ID» revocado', {
        type: 'success',
      }),
    );
  });
});

describe('scimBaseUrl', () => {
  it("is /scim/v2 on the page's origin, or under the api's base when it has one", () => {
    expect(scimBaseUrl('', 'https://gestion.example.org')).toBe(
      'https://gestion.example.org/scim/v2',
    );
    expect(scimBaseUrl('https://api.example.org/', 'https://gestion.example.org')).toBe(
      'https://api.example.org/scim/v2',
    );
  });
});
