/**
 * The one webpack configuration every frontend builds with (DESIGN.md §1, §5): the shell as the
 * Module Federation host, each remote as a container exposing `./routes`. A package's
 * `webpack.config.cjs` is one call:
 *
 *   module.exports = createConfig({ dir: __dirname, name: 'shell', host: true });
 *   module.exports = createConfig({ dir: __dirname, name: 'remote_eventos', exposes: { './routes': './src/routes.ts' } });
 *
 * See tools/webpack/README.md for the options and the reasons behind each setting.
 */
const fs = require('node:fs');
const path = require('node:path');
const zlib = require('node:zlib');
const webpack = require('webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const CompressionPlugin = require('compression-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const {
  SHARED_EXPORTS,
  MUI_BARREL_SUBPATHS,
  muiSharedSubpaths,
  SHARED_EXPORTS_FILE,
} = require('./shared-exports.cjs');
const {
  SharedExportsCheckPlugin,
  BarrelOnlyPathsPlugin,
} = require('./shared-exports-check-plugin.cjs');
const { PreloadBootstrapPlugin } = require('./preload-bootstrap-plugin.cjs');
const { FirstPaintChunkPlugin } = require('./first-paint.cjs');
const { SingleShareRuntimePlugin } = require('./single-share-runtime-plugin.cjs');
const { ConsumeNamespacePlugin } = require('./consume-namespace-plugin.cjs');

const ROOT = path.resolve(__dirname, '..', '..');
/** Hex digits of the content hash in production file names (see `hashed` below). */
const HASH_DIGITS = 8;
const INJECT_RUNTIME_CJS =
  require.resolve('@module-federation/inject-external-runtime-core-plugin');
/**
 * The half of Module Federation 2's shared tree-shaking that prunes a shared module to its export
 * list at build time (not in the package's `exports`, hence the path). See `TREE_SHAKEN` below.
 */
const SharedUsedExportsOptimizerPlugin = require(
  path.join(
    path.dirname(require.resolve('@module-federation/enhanced')),
    'lib/sharing/tree-shaking/SharedUsedExportsOptimizerPlugin.js',
  ),
).default;

/**
 * Modules that must exist once on the page (one React, one router, one store context, one
 * emotion cache/theme context, one i18next instance, one ShellContext). Everything else stays
 * private to each build so it tree-shakes. @reduxjs/toolkit is not here: only the shell and
 * `@gestion/shared` (which the shell provides) use it, and one store needs one react-redux
 * context, not one RTK copy; private, it tree-shakes to what the shell uses.
 */
const SINGLETONS = [
  'react',
  'react-dom',
  'react-router-dom',
  'react-redux',
  'notistack',
  '@emotion/react',
  // Our sources import MUI per component; mui-barrel-loader turns the first paint's components
  // into the barrel, shared tree-shaken to SHARED_EXPORTS. Every other MUI module is shared on
  // its own path (muiSubpathShared below), so no container holds a private MUI component.
  '@mui/material',
  'i18next',
  'react-i18next',
  // Not '@gestion/shared' itself: its root entry is stateless contracts (constants, messages, path
  // builders, permission checks, error classes nobody checks across containers, TypeBox schemas),
  // so each build keeps a private, tree-shaken copy of what it uses. Shared, it was one module
  // with every contract and TypeBox (≈16 KiB brotli) on the first visit to /login.
  // '@gestion/shared/react' must be one instance: one ShellContext, or the remotes' useShell()
  // would never see the shell's provider.
  '@gestion/shared/react',
  // The one RTK Query api (its endpoints, cache and middleware) for every container. Its own
  // entry, loaded by the first page that calls the api, never by the shell's first paint.
  '@gestion/shared/react/api',
];

/**
 * The singletons a remote still provides and bundles a fallback copy of: only what the shell never
 * imports, so never provides. `@gestion/shared/react/api` is loaded by the first page that calls
 * the api (a remote's), never by the shell.
 *
 * Every other singleton the shell provides before any remote loads (it imports each one, and
 * registers first), so with 'loaded-first' a remote's own provide and fallback of them were never
 * used — the same reasoning as the remotes' MUI paths (muiSubpathShared) — yet each was an entry
 * of remoteEntry.js, which a first visit to /login downloads: remotes consume them with `import:
 * false` (remote-auth's remoteEntry.js 8 234 → 7 854 bytes brotli).
 */
const REMOTE_PROVIDED = new Set(['@gestion/shared/react/api']);

/**
 * The singletons that are CommonJS. A fallback-less consume has no build meta, which webpack
 * reads as CommonJS, right for these two; the others are ES modules and get the namespace
 * exports type their fallback used to give them (ConsumeNamespacePlugin).
 */
const COMMONJS_SINGLETONS = new Set(['react', 'react-dom']);

/**
 * The shared packages pruned to the one export list of shared-exports.cjs, as
 * SharedUsedExportsOptimizerPlugin takes them: [share key, {treeShaking: {usedExports}}].
 *
 * Not through the share option `treeShaking: {mode: 'runtime-infer', usedExports}`: besides that
 * pruning, the option makes @module-federation/enhanced (2.9.2) build, in every build, a full
 * copy of each such package in child compilers (`IndependentSharedPlugin`: four more compilations
 * of the whole @mui/material, react-router-dom, react-redux and react-i18next, with every plugin
 * of ours — most of a build's time), which `output.clean` then deletes; it writes those deleted
 * files as `sharedFallback` into main.js and every remoteEntry.js, with each build's inferred
 * `usedExports`, and marks every share `treeShaking: {mode}` — bytes on the first visit to /login
 * for a fallback the runtime never takes (a singleton is served the loaded copy, 'loaded-first',
 * whatever usedExports says; and a second, full instance of a context-bearing package would be
 * the very crash the list prevents). Applied alone, the optimizer prunes the shell's provided
 * copy exactly as before and the runtime sees plain singletons.
 */
const TREE_SHAKEN = Object.entries(SHARED_EXPORTS).map(([request, usedExports]) => [
  request,
  { treeShaking: { usedExports } },
]);

/**
 * The share entries of every shared MUI subpath (shared-exports.cjs `muiSharedSubpaths`:
 * `@mui/material/<Name>` for all of @mui/material's public modules but a few stateless helpers,
 * and @mui/system's context modules), so that no container ever holds a private copy of an MUI
 * component and its contexts (issue #14: @mui/x-data-grid's private MenuList beside the shared
 * MenuItem was "MenuListContext is missing").
 *
 * In the shell the `import` is the module's absolute file: webpack then provides it although the
 * shell's own code may never import it (the shell must offer every one before any remote asks),
 * and the key still matches the `@mui/material/<Name>` requests of our sources and of @mui/x-*
 * on the consuming side. In the shell's build these modules and the barrel are the same webpack
 * modules (one theme, one default-props context, one of each component context).
 *
 * Remotes consume them without providing or bundling any (`import: false`): the shell has
 * registered every one before a remote loads, and its copy is the one any container would use
 * ('loaded-first' never replaces the first registration), so a remote's own provide and
 * fallback were never used — yet each provide and fallback was an entry in remoteEntry.js,
 * which the first visit to /login downloads. `ConsumeNamespacePlugin` tells webpack that these
 * fallback-less modules are ES modules (without it a `.mjs` importer such as @mui/x-data-grid
 * gets the namespace object as default export, React error #130). The price: a remote runs only
 * against a shell of the same MUI major, which provides every path of it.
 * @param {object} pkgJson the building package's package.json
 * @param {boolean} host
 */
function muiSubpathShared(pkgJson, host) {
  const versions = new Map();
  const versionOf = (pkg) => {
    if (!versions.has(pkg)) {
      const dir = path.dirname(require.resolve(`${pkg}/package.json`, { paths: [ROOT] }));
      versions.set(pkg, readJson(path.join(dir, 'package.json')).version);
    }
    return versions.get(pkg);
  };
  return Object.fromEntries(
    [...muiSharedSubpaths(ROOT)].map(([key, { file, pkg }]) => [
      key,
      {
        import: host ? file : false,
        shareKey: key,
        version: versionOf(pkg),
        singleton: true,
        eager: false,
        requiredVersion: requiredVersionOf(pkgJson, pkg),
      },
    ]),
  );
}

function readJson(file) {
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

/** The version range `dir`'s package.json asks for, else the installed version, else false. */
function requiredVersionOf(pkgJson, request) {
  const deps = { ...pkgJson.peerDependencies, ...pkgJson.devDependencies, ...pkgJson.dependencies };
  const pkgName = request.startsWith('@')
    ? request.split('/').slice(0, 2).join('/')
    : request.split('/')[0];
  if (deps[pkgName]) return deps[pkgName];
  if (pkgName === '@gestion/shared')
    return readJson(path.join(ROOT, 'shared', 'package.json')).version;
  try {
    return readJson(require.resolve(`${pkgName}/package.json`, { paths: [ROOT] })).version;
  } catch {
    return false;
  }
}

/** Writes `build-id.json` ({buildId}) so the shell can notice a new release (DESIGN.md §5). */
class BuildIdPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('BuildIdPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'BuildIdPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          // The compilation hash only changes when the output changes, so rebuilding the same
          // sources never prompts users to reload for nothing.
          const buildId = process.env.BUILD_ID || compilation.hash || String(Date.now());
          compilation.emitAsset(
            'build-id.json',
            new webpack.sources.RawSource(JSON.stringify({ buildId })),
          );
        },
      );
    });
  }
}

/**
 * @param {object} options
 * @param {string} options.dir absolute path of the package (its webpack.config.cjs passes __dirname)
 * @param {string} options.name Module Federation container name: 'shell', 'remote_auth', …
 * @param {boolean} [options.host] true for the shell: an html page, an entry, publicPath '/'
 * @param {Record<string,string>} [options.exposes] for remotes, e.g. { './routes': './src/routes.ts' }
 * @param {string} [options.entry] entry module; the host defaults to './src/index.ts', remotes to none
 * @param {string[]} [options.extraShared] more singletons for this package only (use sparingly)
 * @param {(config: import('webpack').Configuration, ctx: {production: boolean}) => import('webpack').Configuration} [options.customize]
 * @returns {(env: unknown, argv: {mode?: string}) => import('webpack').Configuration}
 */
function createConfig(options) {
  const { dir, name, host = false, exposes, extraShared = [], customize } = options;
  if (!dir || !name) throw new Error('createConfig needs { dir, name }');
  const pkgJson = readJson(path.join(dir, 'package.json'));
  const entry = options.entry ?? (host ? './src/index.ts' : undefined);

  return (_env, argv = {}) => {
    const mode = argv.mode || process.env.NODE_ENV || 'production';
    const production = mode === 'production';
    // 8 hex digits (32 bits) tell one release's file from another's: every chunk's hash is also
    // an entry of the chunk map in main.js and each remoteEntry.js (a first visit to /login
    // downloads them), and hex does not compress — 10 digits cost about 2 bytes brotli more per
    // chunk. The api marks names with 8 or more as immutable (api/src/plugins/app/frontends.ts).
    const hashed = production ? `[name].[contenthash:${HASH_DIGITS}]` : '[name]';

    const shared = {
      ...Object.fromEntries(
        [...SINGLETONS, ...extraShared].map((request) => [
          request,
          {
            singleton: true,
            eager: false,
            requiredVersion: requiredVersionOf(pkgJson, request),
            // Remotes take the shell's copy (REMOTE_PROVIDED); extraShared keeps its fallback.
            ...(host || REMOTE_PROVIDED.has(request) || extraShared.includes(request)
              ? {}
              : { import: false }),
          },
        ]),
      ),
      ...muiSubpathShared(pkgJson, host),
    };

    /** @type {import('webpack').Configuration} */
    const config = {
      mode,
      context: dir,
      entry: entry ? { main: entry } : {},
      target: 'web',
      devtool: production ? false : 'eval-cheap-module-source-map',
      output: {
        path: path.join(dir, 'dist'),
        // The shell is served at '/', and deep links (/eventos/1/periodos) must still find its
        // chunks; a remote is served wherever its manifest is, so it works its path out itself.
        publicPath: host ? '/' : 'auto',
        // A function for entry chunks: @module-federation/enhanced's runtime module resolves its
        // own chunk's file name while webpack is still hashing, before [contenthash] exists, and
        // webpack ≥ 5.111 no longer swallows that error (module-federation/core#5077). Only the
        // directory of that name matters to it, so a hash-less name of the same shape is enough.
        filename: production
          ? (pathData) =>
              pathData.chunk?.contentHash?.javascript ? `${hashed}.js` : '[name].js'
          : '[name].js',
        chunkFilename: `${hashed}.js`,
        assetModuleFilename: production
          ? `assets/${hashed}[ext]`
          : 'assets/[name][ext]',
        clean: true,
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'],
        // `source` makes @gestion/shared resolve to its TypeScript sources (no prior build needed).
        conditionNames: ['source', '...'],
        // provideExternalRuntime adds this runtime plugin by its CommonJS path, whose
        // runtime-core is a second copy beside the ES module one the federation runtime uses
        // (+9 KiB brotli in main). Its ES module twin shares that one copy.
        alias: host ? { [INJECT_RUNTIME_CJS]: INJECT_RUNTIME_CJS.replace(/\.cjs$/, '.js') } : {},
      },
      module: {
        rules: [
          {
            test: /\.[cm]?[jt]sx?$/,
            exclude: /node_modules/,
            // Loaders run last to first: the MUI import rewrite sees the TypeScript source.
            use: [
              {
                loader: 'swc-loader',
                options: {
                  jsc: {
                    parser: { syntax: 'typescript', tsx: true },
                    transform: { react: { runtime: 'automatic', development: !production } },
                    target: 'es2022',
                  },
                },
              },
              { loader: require.resolve('./mui-barrel-loader.cjs') },
            ],
          },
          // Every icon is built by this one module, which imports '@mui/material/SvgIcon': pointed
          // at the shared barrel, icons reuse the shell's MUI instead of a private copy of
          // SvgIcon, the styling engine and emotion in each container.
          {
            test: /[\\/]@mui[\\/]icons-material[\\/](esm[\\/])?utils[\\/]createSvgIcon\.m?js$/,
            use: [{ loader: require.resolve('./mui-barrel-loader.cjs') }],
          },
          // MUI X imports the first paint's components by path (`@mui/material/Button`); the
          // barrel serves those (MUI_BARREL_SUBPATHS), so its imports are rewritten like ours.
          {
            test: /[\\/]node_modules[\\/]@mui[\\/]x-[\w-]+[\\/].*\.mjs$/,
            use: [{ loader: require.resolve('./mui-barrel-loader.cjs') }],
          },
          // Some ESM packages import without extensions.
          { test: /\.m?js$/, include: /node_modules/, resolve: { fullySpecified: false } },
          { test: /\.(png|jpe?g|gif|svg|woff2?)$/i, type: 'asset/resource' },
        ],
      },
      plugins: [
        new ModuleFederationPlugin({
          name,
          filename: host ? undefined : 'remoteEntry.js',
          exposes: host ? undefined : exposes,
          // The shell registers remotes at run time from /config.js (DESIGN.md §2), never here.
          remotes: {},
          shared,
          // 'loaded-first': a remote that is down must not stop the shell's own shared modules
          // from being used (with 'version-first' the shell waits on every remote's entry).
          shareStrategy: 'loaded-first',
          // Type generation fetches remote types over the network during the build.
          dts: false,
          // Remotes publish mf-manifest.json, which the shell's run-time config points at.
          manifest: host ? false : { fileName: 'mf-manifest.json' },
          // Drop the federation runtime's Node-only code paths from browser bundles.
          // The runtime core ships once, in the shell (a pure consumer, so it may provide it);
          // remotes take it from the page (`_FEDERATION_RUNTIME_CORE`) instead of bundling a
          // second copy into every remoteEntry.js. A remote still builds and deploys alone; it
          // only runs inside the shell, which always loads first.
          // Remotes never load other remotes (DESIGN.md §1), so their entries leave out the
          // bundler runtime's remote loading (`disableRemote`).
          experiments: {
            optimization: { target: 'web', ...(host ? {} : { disableRemote: true }) },
            ...(host ? { provideExternalRuntime: true } : { externalRuntime: true }),
          },
        }),
        new webpack.DefinePlugin({
          'process.env.NODE_ENV': JSON.stringify(mode),
        }),
        // MUI's locales build an Intl.NumberFormat as they load; this one builds it when first used.
        new webpack.NormalModuleReplacementPlugin(
          /[\\/]@mui[\\/]material[\\/]locale[\\/]utils[\\/]buildFormatNumber\.m?js$/,
          require.resolve('./lazy-format-number.js'),
        ),
        // One sharing runtime in main.js / remoteEntry.js, not webpack's dead one beside it.
        new SingleShareRuntimePlugin(),
        // The remotes' fallback-less consumes of ES modules: MUI (muiSubpathShared) and every
        // singleton but React's two CommonJS packages (REMOTE_PROVIDED).
        new ConsumeNamespacePlugin(
          (shareKey) => shareKey.startsWith('@mui/') || !COMMONJS_SINGLETONS.has(shareKey),
        ),
        new BuildIdPlugin(),
        ...(production
          ? [new webpack.ids.DeterministicModuleIdsPlugin({ maxLength: 4, fixedLength: true })]
          : []),
        // The tree-shaken shared packages, pruned to their lists (TREE_SHAKEN); no runtime data.
        new SharedUsedExportsOptimizerPlugin(TREE_SHAKEN, false),
        // One export list for every container, or a remote crashes on the shell's copy.
        new SharedExportsCheckPlugin(SHARED_EXPORTS, SHARED_EXPORTS_FILE),
        // …and no private copy of a first-paint MUI component (served by the barrel only).
        new BarrelOnlyPathsPlugin(MUI_BARREL_SUBPATHS, SHARED_EXPORTS_FILE),
      ],
      optimization: {
        // Deterministic ids of 4 digits, fixed (DeterministicModuleIdsPlugin below): the shell
        // builds every MUI module (it provides them all), and past 500 modules webpack's default
        // widens every id to 5 digits, one byte more in each of the thousands of references,
        // first paint included. 10 000 slots keep collisions (resolved by rehashing, still
        // deterministic) rare.
        moduleIds: production ? false : 'named',
        chunkIds: production ? 'deterministic' : 'named',
      },
      performance: { hints: false },
      stats: 'errors-warnings',
    };

    if (host) {
      // One file for everything the first render needs (first-paint.cjs: 16 KiB less brotli on
      // a first visit to /login than the same modules over twenty files).
      const firstPaint = new FirstPaintChunkPlugin({ entryRequest: './bootstrap' });
      config.optimization.splitChunks = { cacheGroups: { firstPaint: firstPaint.cacheGroup() } };
      config.plugins.push(firstPaint);
      const favicon = path.join(dir, 'public', 'favicon.svg');
      config.plugins.push(
        new HtmlWebpackPlugin({
          template: path.join(dir, 'public', 'index.html'),
          // The template already loads /config.js (blocking, so it runs before these deferred
          // bundles) — no inline script anywhere: the CSP forbids them (DESIGN.md §3).
          inject: 'head',
          scriptLoading: 'defer',
          favicon: fs.existsSync(favicon) ? favicon : undefined,
          minify: production ? { collapseWhitespace: true, removeComments: true } : false,
        }),
        // react-dom and the shared MUI: the two long poles of the first paint.
        new PreloadBootstrapPlugin({ entryRequest: './bootstrap', minBytes: 100_000 }),
      );
    }

    if (production) {
      const test = /\.(js|css|html|svg|json|txt)$/;
      config.plugins.push(
        new CompressionPlugin({
          filename: '[path][base].gz',
          algorithm: 'gzip',
          test,
          compressionOptions: { level: 9 },
        }),
        new CompressionPlugin({
          filename: '[path][base].br',
          algorithm: 'brotliCompress',
          test,
          compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } },
        }),
      );
    }

    return customize ? customize(config, { production }) : config;
  };
}

module.exports = { createConfig, SINGLETONS };
