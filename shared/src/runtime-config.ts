/**
 * Configuration the page receives at run time (DESIGN.md §2), written by the api from its
 * environment as `/config.js` (`window.__APP_CONFIG__ = {...}`) and `/config.json`. Re-pointing a
 * remote changes this, never the shell's build.
 */

/** A federated remote: its container name, its `mf-manifest.json` URL and the paths it owns. */
export interface RemoteConfig {
  /** Module Federation container name, e.g. `remote_eventos`. */
  name: 'remote_auth' | 'remote_eventos' | 'remote_informes';
  /** Absolute or root-relative URL of the remote's `mf-manifest.json`. */
  entry: string;
  /** Path prefixes the remote's routes live under, e.g. `['/eventos']`. */
  prefixes: readonly string[];
}

export interface RuntimeConfig {
  /** Prefix before `/api/...` in every call; `''` means the page's own origin. */
  apiBaseUrl: string;
  remotes: readonly RemoteConfig[];
  /** How often the shell polls the build id, in ms; 0 disables polling. */
  buildIdPollMs: number;
}

/** The global the `/config.js` script sets. */
export const RUNTIME_CONFIG_GLOBAL = '__APP_CONFIG__';

/** Defaults for the embedded deployment (everything served by the api on one origin). */
export const DEFAULT_RUNTIME_CONFIG: RuntimeConfig = {
  apiBaseUrl: '',
  remotes: [
    {
      name: 'remote_auth',
      entry: '/remotes/remote-auth/mf-manifest.json',
      // The last seven: issue #15's pages (LIFECYCLE_PAGES), opened from mailed links.
      prefixes: [
        '/login',
        '/register',
        '/configuracion',
        '/recuperar',
        '/restablecer',
        '/invitacion',
        '/verificar',
        '/confirmar-correo',
        '/cambiar-password',
        '/verificar-acceso',
      ],
    },
    {
      name: 'remote_eventos',
      entry: '/remotes/remote-eventos/mf-manifest.json',
      prefixes: ['/eventos'],
    },
    {
      name: 'remote_informes',
      entry: '/remotes/remote-informes/mf-manifest.json',
      prefixes: ['/informes', '/filtrado'],
    },
  ],
  buildIdPollMs: 60_000,
};

/** The configuration `/config.js` injected into the page, or the embedded defaults. */
export function getRuntimeConfig(): RuntimeConfig {
  const injected = (globalThis as Record<string, unknown>)[RUNTIME_CONFIG_GLOBAL];
  if (injected && typeof injected === 'object') {
    return { ...DEFAULT_RUNTIME_CONFIG, ...(injected as Partial<RuntimeConfig>) };
  }
  return DEFAULT_RUNTIME_CONFIG;
}
