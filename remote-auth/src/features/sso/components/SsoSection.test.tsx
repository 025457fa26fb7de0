/** Ajustes › Inicio de sesión único (issue #18): the providers' list, editor and delete. */
import { screen, waitFor, within } from '@testing-library/react';
import type { ProveedorSso } from '@gestion/shared';
import { mockFetch } from '@gestion/shared/testing';
import { makeUser, renderPage, signedIn } from '../../../testing/render';
import { SsoSection } from './SsoSection';

jest.setTimeout(60_000);

const admin = makeUser({ roles: [{ nombre: 'admin', permisos: [] }] });
const rol = (id: number, nombre: string) => ({
  id,
  nombre,
  descripcion: '',
  permisos: ['eventos:ver'],
  usuarios: 0,
  creadoEn: '2026-11-01T10:00:00.000Z',
  version: 1,
});
const ROLES = {
  body: { items: [rol(2, 'gestor'), rol(3, 'usuario')], total: 2, page: 1, pageSize: 100 },
};
const proveedor = (over: Partial<ProveedorSso> = {}): ProveedorSso => ({
  id: 4,
  nombre: 'Entra ID',
  issuer: 'https://login.microsoftonline.com/abc/v2.0',
  clientId: 'gestion-app',
  clientSecretConfigurado: true,
  scopes: ['openid', 'email', 'profile'],
  dominios: ['empresa.es'],
  crearUsuarios: false,
  rolPorDefecto: null,
  mapeoGrupos: [{ grupo: 'ventas', rol: 'gestor' }],
  claimGrupos: 'groups',
  obligatorio: true,
  activo: true,
  redirectUri: 'http://127.0.0.1:3000/api/auth/sso/4/callback',
  creadoEn: '2026-11-20T10:00:00.000Z',
  version: 3,
  ...over,
});
const page = (items: ProveedorSso[]) => ({
  body: { items, total: items.length, page: 1, pageSize: 100 },
});
const open = () => renderPage(<SsoSection />, { auth: signedIn(admin) });

/** Picks `option` in the select labelled `label` inside `scope`. */
async function choose(
  user: ReturnType<typeof open>['user'],
  scope: HTMLElement,
  label: RegExp,
  option: string,
) {
  await user.click(within(scope).getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('SsoSection', () => {
  it('says when there is no provider yet, and creates one with domains, a role and group lines', async () => {
    const fetchMock = mockFetch({
      'GET /api/sso/proveedores': page([]),
      'GET /api/roles': ROLES,
      'POST /api/sso/proveedores': { status: 201, body: proveedor({ id: 5, nombre: 'Keycloak' }) },
    });
    const { user, shell } = open();
    expect(
      await screen.findByText('Todavía no hay ningún proveedor configurado.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Inicio de sesión único' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Nuevo proveedor' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo proveedor' });
    expect(within(dialog).getByText(/<APP_URL>\/api\/auth\/sso\/<id>\/callback/)).toBeVisible();

    // Required fields are named before anything is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Crear' }));
    expect(await within(dialog).findByText('Escriba el nombre del proveedor')).toBeVisible();
    expect(within(dialog).getByText('Escriba el secreto del cliente')).toBeVisible();
    expect(fetchMock.callsTo('POST /api/sso/proveedores')).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: /^Nombre/ }), 'Keycloak');
    await user.type(
      within(dialog).getByRole('textbox', { name: /^Emisor/ }),
      'http://127.0.0.1:8081/realms/gestion',
    );
    await user.type(within(dialog).getByRole('textbox', { name: /^ID de cliente/ }), 'gestion');
    await user.type(within(dialog).getByLabelText(/^Secreto del cliente/), 's3creto');
    const scopes = within(dialog).getByRole('textbox', { name: /^Ámbitos/ });
    expect(scopes).toHaveValue('openid email profile');
    await user.type(scopes, ' groups');
    await user.type(
      within(dialog).getByRole('combobox', { name: /^Dominios de correo/ }),
      'empresa.es{Enter}',
    );
    await user.click(within(dialog).getByRole('switch', { name: 'Crear usuarios nuevos' }));
    await choose(user, dialog, /^Rol de los usuarios creados/, 'usuario');

    // Two group lines, the first removed again.
    await user.click(within(dialog).getByRole('button', { name: 'Añadir grupo' }));
    await user.click(within(dialog).getByRole('button', { name: 'Añadir grupo' }));
    await user.type(within(dialog).getByRole('textbox', { name: /^Grupo 1/ }), 'temporal');
    await user.type(within(dialog).getByRole('textbox', { name: /^Grupo 2/ }), 'ventas');
    await choose(user, dialog, /^Rol del grupo 2/, 'gestor');
    await user.click(within(dialog).getByRole('button', { name: 'Quitar la línea 1' }));
    expect(within(dialog).queryByRole('textbox', { name: /^Grupo 2/ })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: /^Grupo 1/ })).toHaveValue('ventas');
    await user.click(within(dialog).getByRole('switch', { name: 'Obligatorio para sus dominios' }));

    await user.click(within(dialog).getByRole('button', { name: 'Crear' }));
    await waitFor(() => expect(fetchMock.callsTo('POST /api/sso/proveedores')).toHaveLength(1));
    expect(fetchMock.callsTo('POST /api/sso/proveedores')[0]!.body).toEqual({
      nombre: 'Keycloak',
      issuer: 'http://127.0.0.1:8081/realms/gestion',
      clientId: 'gestion',
      clientSecret: 's3creto',
      scopes: ['openid', 'email', 'profile', 'groups'],
      dominios: ['empresa.es'],
      crearUsuarios: true,
      rolPorDefecto: 'usuario',
      mapeoGrupos: [{ grupo: 'ventas', rol: 'gestor' }],
      claimGrupos: 'groups',
      obligatorio: true,
      activo: true,
    });
    await waitFor(() =>
      expect(shell.notify).toHaveBeenCalledWith('Proveedor «Keycloak» creado', {
        type: 'success',
      }),
    );
  });

  it("shows the api's refusal of the issuer under the field, translated by its code", async () => {
    mockFetch({
      'GET /api/sso/proveedores': page([]),
      'GET /api/roles': ROLES,
      'POST /api/sso/proveedores': {
        status: 400,
        body: {
          statusCode: 400,
          error: 'Bad Request',
          code: 'SSO_ISSUER_NO_RESPONDE',
          message:
            'El proveedor no responde en esa dirección (no se encontró su configuración OpenID)',
        },
      },
    });
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Nuevo proveedor' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo proveedor' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Nombre/ }), 'Google');
    const issuer = within(dialog).getByRole('textbox', { name: /^Emisor/ });
    await user.type(issuer, 'https://accounts.google.invalid');
    await user.type(within(dialog).getByRole('textbox', { name: /^ID de cliente/ }), 'id');
    await user.type(within(dialog).getByLabelText(/^Secreto del cliente/), 'x');
    await user.click(within(dialog).getByRole('button', { name: 'Crear' }));
    await waitFor(() =>
      expect(issuer).toHaveAccessibleDescription(
        'El proveedor no responde en esa dirección (no se encontró su configuración OpenID)',
      ),
    );
    expect(issuer).toHaveAttribute('aria-invalid', 'true');
    expect(issuer).toHaveFocus();
  });

  it('lists the providers and edits one without resending the stored secret', async () => {
    const fetchMock = mockFetch({
      'GET /api/sso/proveedores': page([proveedor()]),
      'GET /api/roles': ROLES,
      'PATCH /api/sso/proveedores/4': { body: proveedor({ nombre: 'Entra', version: 4 }) },
    });
    const { user } = open();
    const table = await screen.findByRole('table', { name: 'Inicio de sesión único' });
    const row = within(table).getByText('Entra ID').closest('tr')!;
    expect(within(row).getByText('empresa.es')).toBeVisible();
    expect(within(row).getByText('Activo')).toBeVisible();
    expect(within(row).getByText('Obligatorio')).toBeVisible();
    await user.click(within(row).getByRole('button', { name: 'Editar Entra ID' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar «Entra ID»' });
    expect(
      within(dialog).getByText(/http:\/\/127\.0\.0\.1:3000\/api\/auth\/sso\/4\/callback/),
    ).toBeVisible();
    const secret = within(dialog).getByLabelText(/^Secreto del cliente/);
    expect(secret).toHaveValue('');
    expect(secret).not.toBeRequired();
    expect(secret).toHaveAccessibleDescription('Déjelo vacío para conservar el secreto guardado.');
    expect(within(dialog).getByRole('textbox', { name: /^Grupo 1/ })).toHaveValue('ventas');
    const nombre = within(dialog).getByRole('textbox', { name: /^Nombre/ });
    await user.clear(nombre);
    await user.type(nombre, 'Entra');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(fetchMock.callsTo('PATCH /api/sso/proveedores/4')).toHaveLength(1));
    const body = fetchMock.callsTo('PATCH /api/sso/proveedores/4')[0]!.body as Record<
      string,
      unknown
    >;
    expect(body).not.toHaveProperty('clientSecret');
    expect(body).toMatchObject({ nombre: 'Entra', version: 3, obligatorio: true });
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
  });

  it('deletes a provider after confirming', async () => {
    const fetchMock = mockFetch({
      'GET /api/sso/proveedores': page([proveedor()]),
      'DELETE /api/sso/proveedores/4': { status: 204 },
    });
    const { user, shell } = open();
    await user.click(await screen.findByRole('button', { name: 'Eliminar Entra ID' }));
    const confirm = await screen.findByRole('dialog', { name: '¿Eliminar el proveedor?' });
    expect(within(confirm).getByText(/Los roles que les dio se mantienen/)).toBeVisible();
    expect(fetchMock.callsTo('DELETE /api/sso/proveedores/4')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(fetchMock.callsTo('DELETE /api/sso/proveedores/4')).toHaveLength(1));
    await waitFor(() =>
      expect(shell.notify).toHaveBeenCalledWith('Proveedor «Entra ID» eliminado', {
        type: 'success',
      }),
    );
  });

  it('says when the providers cannot be loaded, and retries', async () => {
    const fetchMock = mockFetch({
      'GET /api/sso/proveedores': {
        status: 500,
        body: { statusCode: 500, error: 'Internal Server Error', message: 'Error interno' },
      },
    });
    const { user } = open();
    expect(await screen.findByText('Error interno')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    await waitFor(() => expect(fetchMock.callsTo('GET /api/sso/proveedores')).toHaveLength(2));
  });
});
