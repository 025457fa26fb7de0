/** Issue #15 in Ajustes: the verificacionEmail switch and the Correo section. */
import { screen, waitFor, within } from '@testing-library/react';
import type { Configuracion, CorreoEstado } from '@gestion/shared';
import { mockFetch } from '@gestion/shared/testing';
import { makeUser, renderPage, signedIn } from '../../../testing/render';
import { AjustesTab } from './AjustesTab';

jest.setTimeout(30_000);

const admin = makeUser({ email: 'admin@example.com', roles: [{ nombre: 'admin', permisos: [] }] });
const ROLES = { body: { items: [], total: 0, page: 1, pageSize: 100 } };
const ajustes = (over: Partial<Configuracion> = {}): Configuracion => ({
  registroAbierto: true,
  rolPorDefecto: 'usuario',
  dominiosPermitidos: [],
  verificacionEmail: false,
  version: 2,
  ...over,
});
const correo = (over: Partial<CorreoEstado> = {}): CorreoEstado => ({
  transporte: 'smtp',
  remitente: 'Gestión de usuarios <no-responder@empresa.es>',
  envios: [
    {
      id: 2,
      destinatario: 'luis@example.com',
      asunto: 'Restablecer la contraseña',
      estado: 'fallido',
      intentos: 5,
      ultimoError: 'connect ECONNREFUSED 127.0.0.1:25',
      creadoEn: '2026-11-25T10:00:00.000Z',
      enviadoEn: null,
    },
    {
      id: 1,
      destinatario: 'ana@example.com',
      asunto: 'Invitación',
      estado: 'enviado',
      intentos: 1,
      ultimoError: null,
      creadoEn: '2026-11-25T09:00:00.000Z',
      enviadoEn: '2026-11-25T09:00:01.000Z',
    },
  ],
  ...over,
});
const VERIFICACION = 'Exigir la verificación del correo electrónico';

describe('Ajustes › verificación y correo (issue #15)', () => {
  it('switches e-mail verification on when mail is really sent', async () => {
    const fetchMock = mockFetch({
      'GET /api/configuracion': { body: ajustes() },
      'GET /api/roles': ROLES,
      'GET /api/configuracion/correo': { body: correo() },
      'PATCH /api/configuracion': { body: ajustes({ verificacionEmail: true, version: 3 }) },
    });
    const { user } = renderPage(<AjustesTab />, { auth: signedIn(admin) });
    const toggle = await screen.findByRole('switch', { name: VERIFICACION });
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).toHaveAccessibleDescription(/no podrá iniciar sesión hasta abrirlo/);
    await user.click(toggle);
    await waitFor(() => expect(fetchMock.callsTo('PATCH /api/configuracion')).toHaveLength(1));
    expect(fetchMock.callsTo('PATCH /api/configuracion')[0]!.body).toEqual({
      verificacionEmail: true,
      version: 2,
    });
  });

  it('keeps it off, and says why, when mail only goes to the log', async () => {
    mockFetch({
      'GET /api/configuracion': { body: ajustes() },
      'GET /api/roles': ROLES,
      'GET /api/configuracion/correo': { body: correo({ transporte: 'log', envios: [] }) },
    });
    renderPage(<AjustesTab />, { auth: signedIn(admin) });
    expect(await screen.findByText('Registro del servidor (no se envía)')).toBeInTheDocument();
    const toggle = screen.getByRole('switch', { name: VERIFICACION });
    expect(toggle).toBeDisabled();
    expect(toggle).toHaveAccessibleDescription(/el correo se escribe en el registro del servidor/);
    expect(screen.getByText('Todavía no se ha enviado ningún correo.')).toBeInTheDocument();
  });

  it('lists the recent deliveries with state, attempts and last error', async () => {
    mockFetch({
      'GET /api/configuracion': { body: ajustes() },
      'GET /api/roles': ROLES,
      'GET /api/configuracion/correo': { body: correo() },
    });
    renderPage(<AjustesTab />, { auth: signedIn(admin) });
    const table = await screen.findByRole('table', { name: 'Envíos recientes' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent('luis@example.com');
    expect(rows[1]).toHaveTextContent('Fallido');
    expect(rows[1]).toHaveTextContent('5');
    expect(rows[1]).toHaveTextContent('connect ECONNREFUSED 127.0.0.1:25');
    expect(rows[2]).toHaveTextContent('Enviado');
    expect(screen.getByText('Servidor SMTP')).toBeInTheDocument();
    expect(screen.getByText('Gestión de usuarios <no-responder@empresa.es>')).toBeInTheDocument();
  });

  it('sends a test mail to the signed-in admin by default and refreshes the list', async () => {
    const fetchMock = mockFetch({
      'GET /api/configuracion': { body: ajustes() },
      'GET /api/roles': ROLES,
      'GET /api/configuracion/correo': { body: correo() },
      'POST /api/configuracion/correo/prueba': { status: 202, body: { message: 'ok' } },
    });
    const { user, shell } = renderPage(<AjustesTab />, { auth: signedIn(admin) });
    await user.click(await screen.findByRole('button', { name: 'Enviar correo de prueba' }));
    const dialog = screen.getByRole('dialog', { name: 'Enviar un correo de prueba' });
    const to = within(dialog).getByLabelText(/^Destinatario/);
    expect(to).toHaveValue('admin@example.com');
    await user.clear(to);
    await user.type(to, 'soporte@empresa.es');
    await user.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    await waitFor(() =>
      expect(shell.notify).toHaveBeenCalledWith('Correo de prueba en cola para soporte@empresa.es', {
        type: 'success',
      }),
    );
    expect(fetchMock.callsTo('POST /api/configuracion/correo/prueba')[0]!.body).toEqual({
      destinatario: 'soporte@empresa.es',
    });
    await waitFor(() => expect(fetchMock.callsTo('GET /api/configuracion/correo')).toHaveLength(2));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows a failed mail status with a retry, and the settings still work', async () => {
    let calls = 0;
    mockFetch({
      'GET /api/configuracion': { body: ajustes() },
      'GET /api/roles': ROLES,
      'GET /api/configuracion/correo': () =>
        ++calls === 1
          ? { status: 500, body: { statusCode: 500, error: 'Internal Server Error', message: 'Error interno' } }
          : { body: correo() },
    });
    const { user } = renderPage(<AjustesTab />, { auth: signedIn(admin) });
    expect(await screen.findByText('Error interno')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Permitir el registro de nuevos usuarios' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('table', { name: 'Envíos recientes' })).toBeInTheDocument();
  });
});
