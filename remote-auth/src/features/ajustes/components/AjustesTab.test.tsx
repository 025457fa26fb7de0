import { screen, waitFor } from '@testing-library/react';
import { API_MESSAGES, ERROR_CODES, type Configuracion } from '@gestion/shared';
import { mockFetch } from '@gestion/shared/testing';
import { makeUser, renderPage, signedIn } from '../../../testing/render';
import { AjustesTab } from './AjustesTab';

jest.setTimeout(20_000);

const admin = makeUser({ roles: [{ nombre: 'admin', permisos: [] }] });
const ROLES = { body: { items: [], total: 0, page: 1, pageSize: 100 } };
const ajustes = (over: Partial<Configuracion> = {}): Configuracion => ({
  registroAbierto: true,
  rolPorDefecto: 'usuario',
  dominiosPermitidos: [],
  version: 2,
  ...over,
});
const DOMINIOS = 'Dominios de correo permitidos';

describe('AjustesTab', () => {
  it('switches self-registration off, sending the version it was based on', async () => {
    const fetchMock = mockFetch({
      'GET /api/configuracion': { body: ajustes() },
      'GET /api/roles': ROLES,
      'PATCH /api/configuracion': { body: ajustes({ registroAbierto: false, version: 3 }) },
    });
    const { user, shell } = renderPage(<AjustesTab />, { auth: signedIn(admin) });
    const toggle = await screen.findByRole('switch', {
      name: 'Permitir el registro de nuevos usuarios',
    });
    expect(toggle).toBeChecked();
    await user.click(toggle);
    await waitFor(() => expect(fetchMock.callsTo('PATCH /api/configuracion')).toHaveLength(1));
    expect(fetchMock.callsTo('PATCH /api/configuracion')[0]!.body).toEqual({
      registroAbierto: false,
      version: 2,
    });
    await waitFor(() =>
      expect(shell.notify).toHaveBeenCalledWith('Ajustes guardados', { type: 'success' }),
    );
  });

  it('shows the allowed domains as chips and saves one typed with Enter, normalised', async () => {
    const fetchMock = mockFetch({
      'GET /api/configuracion': { body: ajustes({ dominiosPermitidos: ['empresa.es'] }) },
      'GET /api/roles': ROLES,
      'PATCH /api/configuracion': {
        body: ajustes({ dominiosPermitidos: ['empresa.es', 'filial.example.org'], version: 3 }),
      },
    });
    const { user } = renderPage(<AjustesTab />, { auth: signedIn(admin) });
    const field = await screen.findByRole('combobox', { name: DOMINIOS });
    expect(screen.getByRole('button', { name: 'empresa.es' })).toBeInTheDocument();
    await user.type(field, ' @Filial.Example.ORG {Enter}');
    await waitFor(() => expect(fetchMock.callsTo('PATCH /api/configuracion')).toHaveLength(1));
    expect(fetchMock.callsTo('PATCH /api/configuracion')[0]!.body).toEqual({
      dominiosPermitidos: ['empresa.es', 'filial.example.org'],
      version: 2,
    });
  });

  it('names a bad domain under the field, keeps it in the input and sends nothing', async () => {
    const fetchMock = mockFetch({
      'GET /api/configuracion': { body: ajustes({ dominiosPermitidos: ['empresa.es'] }) },
      'GET /api/roles': ROLES,
    });
    const { user } = renderPage(<AjustesTab />, { auth: signedIn(admin) });
    const field = await screen.findByRole('combobox', { name: DOMINIOS });
    await user.type(field, 'empresa{Enter}');
    expect(
      await screen.findByText(
        '«empresa» no es un dominio de correo válido (por ejemplo, empresa.es)',
      ),
    ).toBeInTheDocument();
    expect(field).toHaveValue('empresa');
    await user.clear(field);
    await user.type(field, 'EMPRESA.es{Enter}');
    expect(await screen.findByText('«empresa.es» ya está en la lista')).toBeInTheDocument();
    expect(fetchMock.callsTo('PATCH /api/configuracion')).toHaveLength(0);
  });

  it('removes a domain with its chip, and shows the api refusal of the field under it', async () => {
    const fetchMock = mockFetch({
      'GET /api/configuracion': {
        body: ajustes({ dominiosPermitidos: ['empresa.es', 'otra.es'] }),
      },
      'GET /api/roles': ROLES,
      'PATCH /api/configuracion': {
        status: 400,
        body: {
          statusCode: 400,
          error: 'Bad Request',
          code: ERROR_CODES.validation,
          message: API_MESSAGES.validation,
          details: [{ field: 'dominiosPermitidos', message: 'Como máximo 50 dominios' }],
        },
      },
    });
    const { user, shell } = renderPage(<AjustesTab />, { auth: signedIn(admin) });
    const chip = await screen.findByRole('button', { name: 'otra.es' });
    await user.click(chip.querySelector('svg')!);
    await waitFor(() => expect(fetchMock.callsTo('PATCH /api/configuracion')).toHaveLength(1));
    expect(fetchMock.callsTo('PATCH /api/configuracion')[0]!.body).toEqual({
      dominiosPermitidos: ['empresa.es'],
      version: 2,
    });
    expect(await screen.findByText('Como máximo 50 dominios')).toBeInTheDocument();
    expect(shell.notify).not.toHaveBeenCalled();
  });
});
