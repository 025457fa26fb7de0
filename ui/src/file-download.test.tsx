/**
 * @jest-environment ../tools/jest/jsdom-fetch-environment.cjs
 */
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { combineSlices, configureStore, createSlice, type Middleware } from '@reduxjs/toolkit';
import { baseApi } from '@gestion/shared/react/api';
import { sessionExpired } from '@gestion/shared/react';
import { makeTestStore, mockFetch } from '@gestion/shared/testing';
import { useFileDownload } from './file-download';

/** A signed-in store like the shell's that records every action dispatched. */
function recordingStore() {
  const actions: unknown[] = [];
  const record: Middleware = () => (next) => (action) => {
    actions.push(action);
    return next(action);
  };
  const auth = createSlice({ name: 'auth', initialState: { token: 'token' }, reducers: {} });
  const store = configureStore({
    reducer: combineSlices(auth, baseApi),
    middleware: (getDefault) => getDefault().concat(baseApi.middleware, record),
  });
  return { store, actions };
}

function renderDownload(
  store: ReturnType<typeof makeTestStore> | ReturnType<typeof recordingStore>['store'],
) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <Provider store={store}>{children}</Provider>
  );
  return renderHook(() => useFileDownload(), { wrapper });
}

describe('useFileDownload', () => {
  let click: jest.SpyInstance;
  beforeEach(() => {
    Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:x'), revokeObjectURL: jest.fn() });
    click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
  });
  afterEach(() => click.mockRestore());

  it('fetches the file with the Bearer token and saves it under its name', async () => {
    const fetchMock = mockFetch({ 'GET /api/usuarios/export': { body: 'email,nombre' } });
    const { result } = renderDownload(makeTestStore());
    await act(() =>
      result.current({
        url: '/api/usuarios/export?rol=admin',
        fileName: 'usuarios.csv',
        fallbackMessage: 'No se pudo exportar',
      }),
    );
    const [call] = fetchMock.callsTo('GET /api/usuarios/export');
    expect(call!.headers.get('authorization')).toBe('Bearer token');
    expect(call!.headers.get('accept')).toBe('text/csv');
    expect(call!.query.get('rol')).toBe('admin');
    const link = click.mock.instances[0] as unknown as HTMLAnchorElement;
    expect(link.download).toBe('usuarios.csv');
    expect(link.href).toBe('blob:x');
  });

  it('ends the session on a 401 like every other call, and throws the api message', async () => {
    mockFetch({
      'GET /api/usuarios/export': {
        status: 401,
        body: { statusCode: 401, error: 'Unauthorized', message: 'Sesión caducada' },
      },
    });
    const { store, actions } = recordingStore();
    const { result } = renderDownload(store);
    await expect(
      result.current({ url: '/api/usuarios/export', fileName: 'u.csv', fallbackMessage: 'x' }),
    ).rejects.toMatchObject({ status: 401, message: 'Sesión caducada' });
    expect(actions).toContainEqual(sessionExpired());
    expect(click).not.toHaveBeenCalled();
  });
});
