/**
 * THE export lists of the shared packages that are tree-shaken across containers (Module
 * Federation 2 shared tree-shaking, `treeShaking: { mode: 'runtime-infer', usedExports }`).
 *
 * Why one list for every build: with 'loaded-first', whichever container registers a shared
 * package first (normally the shell) serves it to all the others. If each build kept only the
 * exports it uses itself, a remote needing `TextField` would get the shell's copy without it and
 * crash at render. So the shell and every remote build their shared copy from this same list,
 * and `SharedExportsCheckPlugin` fails any build that imports an export missing from it.
 *
 * Adding an export here changes what the shell provides: rebuild and deploy the shell with (or
 * before) the remote that needs it. Every name costs bytes on the first visit to /login, so list
 * only what some package's code really imports.
 */
const fs = require('node:fs');
const path = require('node:path');

/** @type {Record<string, string[]>} share key → exports every container's copy must contain */
const SHARED_EXPORTS = {
  // What the first paint needs: the shell's frame (auth layout, language button, error and
  // loading states, toasts) and the /login and /register forms, which compose their inputs
  // from FormControl, InputLabel, OutlinedInput and FormHelperText (remote-auth's
  // AuthTextField) because TextField imports Select, Menu, Popover and Modal. Every other
  // component is shared on its own path (muiSharedSubpaths below).
  '@mui/material': [
    // theme and styling
    'ThemeProvider',
    'createTheme',
    'useMediaQuery',
    'CssBaseline',
    // @mui/icons-material builds every icon with it (mui-barrel-loader points it at the barrel)
    'createSvgIcon',
    // layout and text
    'Box',
    'Container',
    'Paper',
    'Stack',
    'Typography',
    'Link',
    // feedback (the button's `loading` spinner, the page loaders). Not Alert or AlertTitle: no
    // first paint shows one (the sign-in error and the toasts are lazy chunks), so they download
    // with the first page that does, from their own shared paths (the first-paint chunk went
    // 153 132 → 151 964 bytes brotli).
    'CircularProgress',
    // inputs
    'Button',
    'FormControl',
    'FormHelperText',
    'FormLabel',
    'IconButton',
    'InputAdornment',
    'InputLabel',
    'OutlinedInput',
    // Components the ones above are built from: served by the barrel too, so that no shared
    // path of its own cuts the first paint's scope-hoisted modules apart (a provided module must
    // stay a module of its own)
    'ButtonBase',
    'GlobalStyles',
    'InputBase',
    'TextareaAutosize',
    // What @mui/x-* import from those components' paths besides the component itself
    // (mui-barrel-loader sends their imports to the barrel too)
    'iconButtonClasses',
    'inputAdornmentClasses',
    'inputBaseClasses',
    'stackClasses',
    'useFormControl',
  ],
  'react-router-dom': [
    'BrowserRouter',
    'Link',
    'NavLink',
    'Navigate',
    'Outlet',
    'Route',
    'Routes',
    'generatePath',
    'matchPath',
    'useLocation',
    'useMatch',
    'useNavigate',
    'useOutletContext',
    'useParams',
    'useSearchParams',
  ],
  // Only the hook and the init plugin: Trans, the HOCs and html-parse-stringify stay out.
  'react-i18next': ['initReactI18next', 'useTranslation'],
  'react-redux': [
    'Provider',
    'ReactReduxContext',
    'shallowEqual',
    'useDispatch',
    'useSelector',
    'useStore',
    // @reduxjs/toolkit/query/react (inside @gestion/shared's baseApi) builds its hooks with these
    'batch',
  ],
};

/**
 * The first paint's component paths (`@mui/material/Button`, `…/Box`, …): their names are in the
 * barrel's list, and every import of them — ours and @mui/x-*'s — is rewritten to the barrel by
 * mui-barrel-loader, so they are not shared on their own: shared too, each would be a separate
 * provide in the shell and cut the first paint's scope-hoisted modules apart. An import the loader
 * cannot rewrite (a name missing from the list) fails the build (BarrelOnlyPathsPlugin).
 */
const MUI_BARREL_SUBPATHS = SHARED_EXPORTS['@mui/material'].filter((name) =>
  fs.existsSync(path.join(path.dirname(require.resolve('@mui/material/package.json')), name)),
);

/**
 * Every other public module of @mui/material (`@mui/material/Menu`, `…/MenuList`, `…/Popper`,
 * `…/Autocomplete`, … — all 150-odd, read from its package.json `exports`) is shared on its own
 * and PROVIDED BY THE SHELL, whether or not the shell's own code uses it; a page downloads a
 * component when it first renders it, never on the first visit to /login.
 *
 * Why every one and not a hand-picked list: MUI's components talk through React contexts that
 * live in internal modules (MenuListContext, ListContext, FormControlContext, TableContext,
 * StepperContext, …). A component a remote bundled privately — any path missing from a list,
 * e.g. the `@mui/material/MenuList` that @mui/x-data-grid's column menu imports — carries its
 * own copy of those modules, and beside a shared MenuItem that is "MUI: MenuListContext is
 * missing" (issue #14). Shared whole, every MUI module on the page comes from the shell's build,
 * so each context exists once, and a remote may start using any component without a shell
 * rebuild.
 *
 * Left private (each build keeps a tree-shaken copy): the subpaths below, which are stateless
 * helpers and data (no context, no component state) or types only. Shared, a module is kept
 * whole — `locale` would bring every language to the first paint.
 */
const MUI_PRIVATE_SUBPATHS = [
  // stateless helpers and data
  'className',
  'colors',
  'darkScrollbar',
  'generateUtilityClass',
  'generateUtilityClasses',
  'locale',
  'styles',
  'transitions',
  'utils',
  'version',
  'zero-styled',
  // the ripple's internals, inside the barrel's ButtonBase (no context of their own)
  'ButtonBase/TouchRipple',
  'useLazyRipple',
  // types only (`export {}`)
  'OverridableComponent',
  'internal',
  'themeCssVarsAugmentation',
  'types',
  // need the optional @mui/material-pigment-css, which is not installed
  'PigmentContainer',
  'PigmentGrid',
  'PigmentStack',
];

/**
 * The context module of @mui/system that MUI X (and MUI's Menu, Popper, Tabs, …) import by
 * package path: `useRtl()` must read the RtlContext the shell's ThemeProvider fills, not a
 * private one that always says left-to-right. (@mui/system's DefaultPropsProvider is reached only
 * through @mui/material's, which is shared; sharing it too would put a consume in the first paint.)
 */
const MUI_SYSTEM_SHARED_SUBPATHS = ['RtlProvider'];

/**
 * The shared subpaths of one MUI package, each with the ES module file it resolves to.
 * @param {string} pkgDir the package's directory in node_modules
 * @param {(subpath: string) => boolean} keep
 * @returns {{subpath: string, file: string}[]}
 * @throws Error when an export has no ES module file (an unexpected package layout)
 */
function subpathsOf(pkgDir, keep) {
  const { exports } = JSON.parse(fs.readFileSync(path.join(pkgDir, 'package.json'), 'utf8'));
  return Object.entries(exports)
    .filter(([key]) => key.startsWith('./') && key !== './package.json')
    .map(([key, target]) => ({ subpath: key.slice(2), target }))
    .filter(({ subpath }) => keep(subpath))
    .map(({ subpath, target }) => {
      const rel = target?.import?.default ?? target?.default?.default;
      const file = rel && path.join(pkgDir, rel);
      if (!file || !fs.existsSync(file))
        throw new Error(`${pkgDir}: no ES module for ./${subpath}`);
      return { subpath, file };
    });
}

/**
 * Every shared MUI subpath: share key (`@mui/material/Menu`) → its ES module file.
 * @param {string} root the directory node_modules is resolved from
 * @returns {Map<string, {file: string, pkg: string}>}
 */
function muiSharedSubpaths(root) {
  const dirOf = (pkg) => path.dirname(require.resolve(`${pkg}/package.json`, { paths: [root] }));
  const material = subpathsOf(
    dirOf('@mui/material'),
    (s) => !MUI_PRIVATE_SUBPATHS.includes(s) && !MUI_BARREL_SUBPATHS.includes(s),
  );
  const system = subpathsOf(dirOf('@mui/system'), (s) => MUI_SYSTEM_SHARED_SUBPATHS.includes(s));
  return new Map([
    ...material.map(({ subpath, file }) => [
      `@mui/material/${subpath}`,
      { file, pkg: '@mui/material' },
    ]),
    ...system.map(({ subpath, file }) => [`@mui/system/${subpath}`, { file, pkg: '@mui/system' }]),
  ]);
}

module.exports = {
  SHARED_EXPORTS,
  MUI_BARREL_SUBPATHS,
  MUI_PRIVATE_SUBPATHS,
  MUI_SYSTEM_SHARED_SUBPATHS,
  muiSharedSubpaths,
  SHARED_EXPORTS_FILE: __filename,
};
