import { screen, waitFor, within } from '@testing-library/react';
import type { AuditoriaEntry, Sesion, UsuarioDetalle } from '@gestion/shared';
import { mockFetch } from '@gestion/shared/testing';
import { makeUser, renderPage, signedIn } from '../../../testing/render';
import {
  ROLES_PAGE,
  adminUser,
  sara,
  usuario,
} from '../../usuarios/components/delegation-fixtures';
import UsuarioDetallePage from './UsuarioDetallePage';

// Dialogs and menus render slowly on a shared CI machine.
jest.setTimeout(20_000);

const PATH = '/configuracion/usuarios/:id';

const LUIS: UsuarioDetalle = {
  ...usuario(2, 'Luis Gómez', 'luis@example.com', ['gestor', 'usuario']),
  emailVerificado: true,
  ultimoAcceso: '2026-11-20T09:30:00.000Z',
};
const MARTA: UsuarioDetalle = { ...usuario(3, 'Marta Ruiz', 'marta@example.com', ['gestor']), emailVerificado: false };

const CATALOGUE = {
  items: [
    { nombre: 'eventos:ver', descripcion: 'Ver eventos', grupo: 'eventos' },
    { nombre: 'eventos:crear', descripcion: 'Crear eventos', grupo: 'eventos' },
    { nombre: 'usuarios:ver', descripcion: 'Ver usuarios', grupo: 'usuarios' },
  ],
  total: 3,
  page: 1,
  pageSize: 3,
};

const sesion = (id: number, navegador: string, sistema: string): Sesion => ({
  id,
  dispositivo: `${navegador} en ${sistema}`,
  navegador,
  sistema,
  userAgent: null,
  ip: `10.0.0.${id}`,
  creadaEn: '2026-11-20T09:30:00.000Z',
  ultimoUso: '2026-11-21T09:30:00.000Z',
  expiraEn: '2026-11-27T09:30:00.000Z',
  actual: false,
});

const entry = (id: number, over: Partial<AuditoriaEntry>): AuditoriaEntry => ({
  id,
  actorId: 2,
  actorEmail: 'luis@example.com',
  accion: 'auth.login',
  objetivoTipo: null,
  objetivoId: null,
  cambios: null,
  ip: '10.0.0.1',
  creadoEn: '2026-11-21T09:30:00.000Z',
  ...over,
});

function setup(user = adminUser, target: UsuarioDetalle = LUIS, status = 200) {
  const fetchMock = mockFetch({
    [`GET /api/usuarios/${target.id}`]:
      status === 200 ? { body: target } : { status, body: { statusCode: status, error: 'x', message: 'x' } },
    'GET /api/roles': { body: ROLES_PAGE },
    'GET /api/permisos': { body: CATALOGUE },
    [`GET /api/usuarios/${target.id}/sesiones`]: {
      body: { items: [sesion(7, 'Firefox', 'Linux'), sesion(8, 'Chrome', 'Android')], total: 2, page: 1, pageSize: 2 },
    },
    [`DELETE /api/usuarios/${target.id}/sesiones/7`]: { status: 204 },
    // Issue #17: the user's personal API tokens.
    'GET /api/tokens': {
      body: {
        items: [
          {
            id: 31,
            nombre: 'Script de Luis',
            permisos: ['eventos:ver'],
            creadoEn: '2026-11-20T09:30:00.000Z',
            expiraEn: '2099-01-01T00:00:00.000Z',
            ultimoUso: null,
            prefijo: 'gdu_pat_Lu1s',
          },
        ],
        total: 1,
        page: 1,
        pageSize: 100,
      },
    },
    'GET /api/auditoria': ({ query }) => {
      const items = query.get('actor')
        ? [entry(1, {})]
        : [entry(2, { actorId: 1, actorEmail: 'ana@example.com', accion: 'usuarios.editar', objetivoTipo: 'usuario', objetivoId: String(target.id) })];
      return { body: { items, total: 13, page: Number(query.get('page')), pageSize: 10 } };
    },
  });
  const rendered = renderPage(<UsuarioDetallePage />, {
    url: `/configuracion/usuarios/${target.id}`,
    path: PATH,
    auth: signedIn(user),
  });
  return { fetchMock, ...rendered };
}

describe('UsuarioDetallePage', () => {
  it("shows the profile, the roles and the permissions they give (grouped, once), sessions and both audit lists", async () => {
    const { fetchMock } = setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Luis Gómez' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Usuario: Luis Gómez'));
    expect(screen.getByRole('link', { name: 'Volver a Usuarios' })).toHaveAttribute('href', '/configuracion/usuarios');
    expect(screen.getByText('luis@example.com')).toBeInTheDocument();
    expect(screen.getByText('Verificado')).toBeInTheDocument();
    const roles = screen.getByRole('list', { name: 'Roles de Luis Gómez' });
    expect(within(roles).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['gestor', 'usuario']);
    // gestor and usuario both give eventos:ver: listed once, under its group.
    expect(await screen.findAllByText(/\(eventos:ver\)/)).toHaveLength(1);
    expect(screen.getByText(/\(eventos:crear\)/)).toBeInTheDocument();
    expect(screen.queryByText(/\(usuarios:ver\)/)).not.toBeInTheDocument();
    const sessions = await screen.findByRole('list', { name: 'Sesiones' });
    expect(within(sessions).getAllByRole('listitem')).toHaveLength(2);
    expect(await screen.findByRole('list', { name: 'Acciones de Luis Gómez' })).toBeInTheDocument();
    expect(await screen.findByRole('list', { name: 'Cambios en Luis Gómez' })).toBeInTheDocument();
    const audits = fetchMock.callsTo('GET /api/auditoria').map((c) => c.query.toString());
    expect(audits).toEqual(
      expect.arrayContaining([expect.stringContaining('actor=2'), expect.stringContaining('objetivo=usuario%3A2')]),
    );
  });

  it('pages an audit list on the server', async () => {
    const { fetchMock, user } = setup();
    await screen.findByRole('list', { name: 'Acciones de Luis Gómez' });
    const next = screen.getAllByRole('button', { name: /siguiente|next/i })[0]!;
    await user.click(next);
    await waitFor(() =>
      expect(fetchMock.callsTo('GET /api/auditoria').some((c) => c.query.get('page') === '2')).toBe(true),
    );
  });

  it('revokes one session after its confirmation', async () => {
    const { fetchMock, user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Cerrar sesión de Firefox en Linux' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Cerrar esta sesión?' });
    expect(dialog).toHaveTextContent('Luis Gómez tendrá que volver a iniciar sesión en Firefox en Linux.');
    await user.click(within(dialog).getByRole('button', { name: 'Cerrar sesión' }));
    await waitFor(() => expect(fetchMock.callsTo('DELETE /api/usuarios/2/sesiones/7')).toHaveLength(1));
  });

  it("offers the list's actions and opens their dialogs", async () => {
    const { user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Acciones sobre Luis Gómez' }));
    const menu = await screen.findByRole('menu');
    await user.click(within(menu).getByRole('menuitem', { name: 'Editar' }));
    expect(await screen.findByRole('dialog', { name: 'Editar a Luis Gómez' })).toBeInTheDocument();
  });

  it('says "Usuario no encontrado" for an unknown user', async () => {
    setup(adminUser, LUIS, 404);
    expect(await screen.findByRole('heading', { level: 1, name: 'Usuario no encontrado' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Usuario no encontrado'));
  });

  it('shows the error with a retry when the load fails', async () => {
    setup(adminUser, LUIS, 500);
    expect(await screen.findByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
  });

  it("lists the user's API tokens to who may edit users, and to nobody else (issue #17)", async () => {
    const { fetchMock, unmount } = setup();
    const tokens = await screen.findByRole('list', { name: 'Tokens de API de Luis Gómez' });
    expect(tokens).toHaveTextContent('Script de Luis');
    expect(screen.getByRole('button', { name: 'Revocar Script de Luis' })).toBeInTheDocument();
    expect(fetchMock.callsTo('GET /api/tokens')[0]!.query.get('usuarioId')).toBe('2');
    unmount();

    const lector = makeUser({ id: 11, roles: [{ nombre: 'lector', permisos: [{ nombre: 'usuarios:ver' }] }] });
    const second = setup(lector);
    await screen.findByRole('heading', { level: 1, name: 'Luis Gómez' });
    expect(screen.queryByRole('heading', { name: 'Tokens de API' })).not.toBeInTheDocument();
    expect(second.fetchMock.callsTo('GET /api/tokens')).toHaveLength(0);
  });

  it('disables, with the reason, what delegation refuses on a more powerful user', async () => {
    const { fetchMock, user } = setup(sara, MARTA);
    await screen.findByRole('heading', { level: 1, name: 'Marta Ruiz' });
    // Sara lacks eventos:crear, which Marta's gestor gives: no sessions shown, the reason instead.
    expect(await screen.findAllByText(/Marta Ruiz/)).not.toHaveLength(0);
    await waitFor(() => expect(screen.getByText('Sesiones').closest('section')).toHaveTextContent(/Marta Ruiz/));
    expect(fetchMock.callsTo('GET /api/usuarios/3/sesiones')).toHaveLength(0);
    // Nor her API tokens (issue #17): the same reason, and the api is not asked.
    await waitFor(() =>
      expect(screen.getByText('Tokens de API').closest('section')).toHaveTextContent(/Marta Ruiz/),
    );
    expect(fetchMock.callsTo('GET /api/tokens')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Acciones sobre Marta Ruiz' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Editar' })).toHaveAttribute('aria-disabled', 'true');
  });
});
