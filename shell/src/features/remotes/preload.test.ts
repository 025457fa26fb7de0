import type { RemoteConfig } from '@gestion/shared';

const preloadRemote = jest.fn(() => Promise.resolve());
const init = jest.fn<void, unknown[]>();
jest.mock('@module-federation/enhanced/runtime', () => ({
  init: (...args: unknown[]) => {
    init(...args);
  },
  preloadRemote: (...args: unknown[]) => preloadRemote(...(args as [])),
  loadRemote: jest.fn(),
  registerRemotes: jest.fn(),
}));

const remotes: RemoteConfig[] = [
  {
    name: 'remote_auth',
    entry: '/remotes/remote-auth/mf-manifest.json',
    prefixes: ['/login', '/register'],
  },
  {
    name: 'remote_eventos',
    entry: '/remotes/remote-eventos/mf-manifest.json',
    prefixes: ['/eventos'],
  },
  {
    name: 'remote_informes',
    entry: '/remotes/remote-informes/mf-manifest.json',
    prefixes: ['/informes'],
  },
];

async function load() {
  jest.resetModules();
  preloadRemote.mockClear();
  init.mockClear();
  return import('./preload');
}

describe('preloadFirstRoute', () => {
  it('signed out on /login, preloads only the remote that owns the page, and only its routes', async () => {
    const { preloadFirstRoute } = await load();
    expect(preloadFirstRoute('/login', { remotes }, false)).toEqual(['remote_auth']);
    expect(init).toHaveBeenCalledTimes(1);
    expect(preloadRemote).toHaveBeenCalledWith([
      { nameOrAlias: 'remote_auth', exposes: ['./routes'], resourceCategory: 'sync' },
    ]);
  });

  it('signed in, preloads every remote (the navigation lists all areas)', async () => {
    const { preloadFirstRoute } = await load();
    expect(preloadFirstRoute('/', { remotes }, true)).toEqual([
      'remote_auth',
      'remote_eventos',
      'remote_informes',
    ]);
  });

  it('does nothing without a configuration, and never throws when the runtime fails', async () => {
    const { preloadFirstRoute } = await load();
    expect(preloadFirstRoute('/login', undefined, false)).toEqual([]);
    expect(preloadRemote).not.toHaveBeenCalled();
    preloadRemote.mockImplementationOnce(() => {
      throw new Error('manifest unreachable');
    });
    expect(() => preloadFirstRoute('/eventos', { remotes }, false)).not.toThrow();
  });
});
