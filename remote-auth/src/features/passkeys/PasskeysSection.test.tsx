import { screen, waitFor, within } from '@testing-library/react';
import { MFA_ERROR_CODES, MFA_MESSAGES, type Passkey } from '@gestion/shared';
import { mockFetch } from '@gestion/shared/testing';
import { StepUpProvider } from '@gestion/ui';
import { makeUser, renderPage, signedIn } from '../../testing/render';
import { PasskeysSection } from './PasskeysSection';

jest.setTimeout(20_000);

const PHONE: Passkey = {
  id: 7,
  nombre: 'Teléfono de Ana',
  creadoEn: '2026-11-20T10:00:00.000Z',
  ultimoUsoEn: null,
  sincronizada: true,
};
/** The api's step-up answer: the password or a factor not entered in the last 10 minutes. */
const REAUTH = {
  status: 403,
  body: {
    statusCode: 403,
    error: 'Forbidden',
    message: MFA_MESSAGES.reauthRequired,
    code: MFA_ERROR_CODES.reauthRequired,
  },
};
const list = (...passkeys: Passkey[]) => ({ body: { passkeys } });
const open = () => renderPage(<PasskeysSection />, { auth: signedIn(makeUser()) });

describe('Mi cuenta › Seguridad › Llaves de acceso (issue #16)', () => {
  it('lists each passkey with its name, creation and last use, and says when there is none', async () => {
    mockFetch({ 'GET /api/auth/passkeys': list(PHONE) });
    open();
    const item = await screen.findByRole('listitem');
    expect(item).toHaveTextContent('Teléfono de Ana');
    expect(item).toHaveTextContent(/Creada: .*2026/);
    expect(item).toHaveTextContent('Último uso: nunca');
  });

  it('says there is none yet, and offers to add one', async () => {
    mockFetch({ 'GET /api/auth/passkeys': list() });
    open();
    expect(
      await screen.findByText('Todavía no tiene ninguna llave de acceso.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Añadir llave de acceso' })).toBeEnabled();
  });

  it('offers to retry when the list cannot be loaded', async () => {
    const api = mockFetch({ 'GET /api/auth/passkeys': { status: 500, body: {} } });
    const { user } = open();
    expect(
      await screen.findByText('No se han podido cargar las llaves de acceso'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    await waitFor(() => expect(api.callsTo('GET /api/auth/passkeys')).toHaveLength(2));
  });

  it('asks for a name first, and says so when this browser cannot create passkeys', async () => {
    const api = mockFetch({
      'GET /api/auth/passkeys': list(),
      'POST /api/auth/passkeys/registration-options': { body: { challenge: 'abc' } },
    });
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Añadir llave de acceso' }));
    const dialog = await screen.findByRole('dialog', { name: 'Añadir llave de acceso' });
    await user.click(within(dialog).getByRole('button', { name: 'Continuar' }));
    expect(await within(dialog).findByText('Indique un nombre')).toBeInTheDocument();
    expect(api.callsTo('POST /api/auth/passkeys/registration-options')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText(/^Nombre/), 'Portátil');
    await user.click(within(dialog).getByRole('button', { name: 'Continuar' }));
    // jsdom has no WebAuthn: the real library refuses, and the dialog says why.
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Este navegador no admite llaves de acceso.',
    );
    expect(api.callsTo('POST /api/auth/passkeys')).toHaveLength(0);
  });

  it("shows the api's step-up answer through the same error path as the account's other changes", async () => {
    mockFetch({
      'GET /api/auth/passkeys': list(),
      'POST /api/auth/passkeys/registration-options': REAUTH,
    });
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Añadir llave de acceso' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/^Nombre/), 'Portátil');
    await user.click(within(dialog).getByRole('button', { name: 'Continuar' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(MFA_MESSAGES.reauthRequired);
  });

  it('asks for step-up when the api wants it, then deletes', async () => {
    let deletes = 0;
    const api = mockFetch({
      'GET /api/auth/passkeys': list(PHONE),
      'DELETE /api/auth/passkeys/7': () => (deletes++ === 0 ? REAUTH : { status: 204 }),
    });
    const stepUp = jest.fn().mockResolvedValue(true);
    const { user, shell } = renderPage(
      <StepUpProvider value={stepUp}>
        <PasskeysSection />
      </StepUpProvider>,
      { auth: signedIn(makeUser()) },
    );
    await user.click(await screen.findByRole('button', { name: 'Eliminar Teléfono de Ana' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Eliminar' }),
    );
    await waitFor(() =>
      expect(shell.notify).toHaveBeenCalledWith('Llave de acceso eliminada', { type: 'success' }),
    );
    expect(stepUp).toHaveBeenCalledTimes(1);
    expect(api.callsTo('DELETE /api/auth/passkeys/7')).toHaveLength(2);
  });

  it('renames a passkey', async () => {
    const api = mockFetch({
      'GET /api/auth/passkeys': list(PHONE),
      'PATCH /api/auth/passkeys/7': { body: { ...PHONE, nombre: 'Móvil' } },
    });
    const { user, shell } = open();
    await user.click(
      await screen.findByRole('button', { name: 'Cambiar nombre de Teléfono de Ana' }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: 'Cambiar el nombre de la llave de acceso',
    });
    const field = within(dialog).getByLabelText(/^Nombre/);
    expect(field).toHaveValue('Teléfono de Ana');
    await user.clear(field);
    await user.type(field, '  Móvil ');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('PATCH /api/auth/passkeys/7')[0]?.body).toEqual({ nombre: 'Móvil' });
    expect(shell.notify).toHaveBeenCalledWith('Nombre de la llave de acceso cambiado', {
      type: 'success',
    });
  });

  it('deletes a passkey only once confirmed', async () => {
    const api = mockFetch({
      'GET /api/auth/passkeys': list(PHONE),
      'DELETE /api/auth/passkeys/7': { status: 204 },
    });
    const { user, shell } = open();
    await user.click(await screen.findByRole('button', { name: 'Eliminar Teléfono de Ana' }));
    let dialog = await screen.findByRole('dialog', { name: '¿Eliminar la llave de acceso?' });
    expect(dialog).toHaveTextContent('Ya no podrá iniciar sesión con «Teléfono de Ana»');
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('DELETE /api/auth/passkeys/7')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Eliminar Teléfono de Ana' }));
    dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(api.callsTo('DELETE /api/auth/passkeys/7')).toHaveLength(1));
    expect(shell.notify).toHaveBeenCalledWith('Llave de acceso eliminada', { type: 'success' });
  });
});
