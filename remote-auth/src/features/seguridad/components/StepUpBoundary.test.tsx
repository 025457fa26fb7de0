import { screen, waitFor, within } from '@testing-library/react';
import { MFA_ERROR_CODES } from '@gestion/shared';
import { mockFetch } from '@gestion/shared/testing';
import { makeUser, renderPage, signedIn } from '../../../testing/render';
import { RoleEditorDialog } from '../../roles/components/RoleEditorDialog';
import { AdminMfaWarning } from './AdminMfaWarning';
import { StepUpBoundary } from './StepUpBoundary';

jest.setTimeout(30_000);

const admin = makeUser({ roles: [{ nombre: 'admin', permisos: [] }] });
const adminRole = (mfaObligatorio: boolean) => ({
  id: 1,
  nombre: 'admin',
  descripcion: 'Administración',
  permisos: [],
  usuarios: 1,
  mfaObligatorio,
  creadoEn: '2026-11-01T08:00:00.000Z',
  version: 3,
});
const reauth = {
  status: 403,
  body: {
    statusCode: 403,
    error: 'Forbidden',
    message: 'Vuelva a introducir su contraseña o un código para continuar',
    code: MFA_ERROR_CODES.reauthRequired,
  },
};

/** The admin role's editor under the console's step-up; PATCH refused once for step-up. */
function editAdminRole(routes: Parameters<typeof mockFetch>[0] = {}) {
  let patches = 0;
  const fetchMock = mockFetch({
    'GET /api/permisos': { body: { items: [], total: 0, page: 1, pageSize: 1 } },
    'PATCH /api/roles/1': ({ body }) =>
      ++patches === 1 ? reauth : { body: { ...adminRole(false), ...(body as object), version: 4 } },
    'POST /api/auth/reautenticar': { status: 204 },
    ...routes,
  });
  const onClose = jest.fn();
  const rendered = renderPage(
    <StepUpBoundary>
      <RoleEditorDialog role={adminRole(true)} onClose={onClose} />
    </StepUpBoundary>,
    { auth: signedIn(admin) },
  );
  return { fetchMock, onClose, ...rendered };
}

describe('step-up in the console (issue #16)', () => {
  it('asks for the password when switching the admin role’s requirement off, then saves', async () => {
    const { user, fetchMock, onClose, shell } = editAdminRole();
    const box = await screen.findByRole('checkbox', { name: 'Requiere verificación en dos pasos' });
    expect(box).toBeChecked();
    await user.click(box);
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    const ask = await screen.findByRole('dialog', { name: 'Confirme que es usted' });
    await user.type(within(ask).getByLabelText(/^Contraseña/), 'Admin-Clave-2026');
    await user.click(within(ask).getByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(fetchMock.callsTo('POST /api/auth/reautenticar')[0]!.body).toEqual({
      password: 'Admin-Clave-2026',
    });
    const patches = fetchMock.callsTo('PATCH /api/roles/1');
    expect(patches).toHaveLength(2);
    expect(patches[1]!.body).toEqual({
      version: 3,
      descripcion: 'Administración',
      mfaObligatorio: false,
    });
    expect(shell.notify).toHaveBeenCalledWith('Rol guardado', { type: 'success' });
  });

  it('offers an account with passkeys to confirm with one, and words the browser refusing', async () => {
    const estado = {
      metodos: ['passkey'],
      totp: { activo: false, pendiente: false, activadoEn: null },
      codigosRecuperacionRestantes: 0,
      obligatorio: true,
    };
    const { user, fetchMock, onClose } = editAdminRole({
      'GET /api/auth/mfa': { body: estado },
      'POST /api/auth/passkeys/authentication-options': {
        body: { challenge: 'Y2hhbGxlbmdl', allowCredentials: [], userVerification: 'required' },
      },
    });
    await user.click(
      await screen.findByRole('checkbox', { name: 'Requiere verificación en dos pasos' }),
    );
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    const ask = await screen.findByRole('dialog', { name: 'Confirme que es usted' });
    await user.click(await within(ask).findByRole('button', { name: 'Usar una llave de acceso' }));
    expect(within(ask).queryByLabelText(/^Contraseña/)).not.toBeInTheDocument();
    await user.click(within(ask).getByRole('button', { name: 'Confirmar' }));
    // jsdom has no WebAuthn: the refusal shows in the dialog; nothing was confirmed.
    expect(await within(ask).findByText('Este navegador no admite llaves de acceso.')).toBeInTheDocument();
    expect(fetchMock.callsTo('POST /api/auth/passkeys/authentication-options')[0]!.body).toEqual({
      reautenticacion: true,
    });
    expect(fetchMock.callsTo('POST /api/auth/reautenticar')).toHaveLength(0);
    expect(onClose).not.toHaveBeenCalled();
    // The password is one click away again.
    await user.click(within(ask).getByRole('button', { name: 'Usar la contraseña' }));
    expect(within(ask).getByLabelText(/^Contraseña/)).toBeInTheDocument();
  });

  it('takes a code instead of the password, and shows a wrong one under its field', async () => {
    let tries = 0;
    const wrong = {
      status: 400,
      body: {
        statusCode: 400,
        error: 'Bad Request',
        message: 'Datos no válidos',
        code: 'VALIDATION_ERROR',
        details: [{ field: 'codigo', message: 'El código no es correcto' }],
      },
    };
    const { user, fetchMock, onClose } = editAdminRole({
      'POST /api/auth/reautenticar': () => (++tries === 1 ? wrong : { status: 204 }),
    });
    await user.click(
      await screen.findByRole('checkbox', { name: 'Requiere verificación en dos pasos' }),
    );
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    const ask = await screen.findByRole('dialog', { name: 'Confirme que es usted' });
    await user.click(within(ask).getByRole('button', { name: 'Usar un código' }));
    const code = within(ask).getByLabelText(/^Código de verificación o de recuperación/);
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await user.type(code, '000 000');
    await user.click(within(ask).getByRole('button', { name: 'Confirmar' }));
    expect(await within(ask).findByText('El código no es correcto')).toBeInTheDocument();
    await user.clear(code);
    await user.type(code, '123456');
    await user.click(within(ask).getByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(fetchMock.callsTo('POST /api/auth/reautenticar').map((c) => c.body)).toEqual([
      { codigo: '000000' },
      { codigo: '123456' },
    ]);
  });

  it('leaves the refusal above the form when the user cancels', async () => {
    const { user, fetchMock } = editAdminRole();
    await user.click(
      await screen.findByRole('checkbox', { name: 'Requiere verificación en dos pasos' }),
    );
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    const ask = await screen.findByRole('dialog', { name: 'Confirme que es usted' });
    await user.click(within(ask).getByRole('button', { name: 'Cancelar' }));
    expect(
      await screen.findByText('Vuelva a introducir su contraseña o un código para continuar'),
    ).toBeInTheDocument();
    expect(fetchMock.callsTo('PATCH /api/roles/1')).toHaveLength(1);
    expect(fetchMock.callsTo('POST /api/auth/reautenticar')).toHaveLength(0);
  });
});

describe('AdminMfaWarning (issue #16)', () => {
  const rolesWith = (mfaObligatorio: boolean) =>
    mockFetch({
      'GET /api/roles': {
        body: { items: [adminRole(mfaObligatorio)], total: 1, page: 1, pageSize: 100 },
      },
    });

  it('warns an admin while the admin role does not require a second factor', async () => {
    rolesWith(false);
    renderPage(<AdminMfaWarning />, { auth: signedIn(admin) });
    expect(
      await screen.findByText(/La verificación en dos pasos no es obligatoria para el rol admin/),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Revisar el rol admin' })).toHaveAttribute(
      'href',
      '/configuracion/roles',
    );
  });

  it('says nothing while it does', async () => {
    const fetchMock = rolesWith(true);
    renderPage(<AdminMfaWarning />, { auth: signedIn(admin) });
    await waitFor(() => expect(fetchMock.callsTo('GET /api/roles')).toHaveLength(1));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
