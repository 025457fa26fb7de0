/**
 * Where each export of `@mui/material` lives, so that mui-barrel-loader can send an import the
 * barrel's tree-shaken list does not serve to a module every container can use without the shell
 * being rebuilt (issue #14: "a remote can start using any MUI component and deploy alone"):
 *
 * - a name of a shared component path (`Rating`, `ratingClasses`, `SpeedDialAction`, …) → that
 *   path (`@mui/material/Rating`), which the shell provides whole;
 * - a name of a private path (`alpha`, `styled`, `useTheme`, `colors`, …) → that path, kept
 *   private by every build like today (stateless helpers);
 * - a helper of a first-paint component path that the barrel's list leaves out (`buttonClasses`,
 *   `getTypographyUtilityClass`, …) → the one file that defines it (`Button/buttonClasses.mjs`),
 *   bundled privately: such a file is stateless (checked: neither it nor anything it imports
 *   inside @mui/material creates or reads a React context), so a private copy is harmless and
 *   the shell's first paint does not grow by one export.
 *
 * Computed lazily, on the first import that needs it (most builds never do), from the package's
 * own files: the CommonJS twin of each public path tells its export names.
 */
const fs = require('node:fs');
const path = require('node:path');

const PKG = '@mui/material';
const CONTEXT_MARKER = /\b(?:createContext|useContext)\s*\(|\bReact\.use\s*\(/;

let cache;

function pkgDir() {
  return path.dirname(require.resolve(`${PKG}/package.json`));
}

/** The public subpaths of @mui/material's `exports` (`Rating`, `styles`, …). */
function publicSubpaths(dir) {
  const { exports } = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
  return Object.keys(exports)
    .filter((k) => k.startsWith('./') && k !== './package.json')
    .map((k) => k.slice(2));
}

/** Export names of a CommonJS module, or none when it cannot load here (optional peers). */
function namesOf(request) {
  try {
    return Object.keys(require(request)).filter((n) => n !== '__esModule');
  } catch {
    return [];
  }
}

/**
 * True when `file` and every module it imports by a relative path are free of React contexts.
 * @param {string} file an .mjs file of @mui/material
 * @param {Set<string>} [seen]
 */
function isStateless(file, seen = new Set()) {
  if (seen.has(file)) return true;
  seen.add(file);
  const source = fs.readFileSync(file, 'utf8');
  if (CONTEXT_MARKER.test(source)) return false;
  for (const m of source.matchAll(/\bfrom\s*['"](\.{1,2}\/[^'"]+)['"]/g)) {
    if (!isStateless(path.resolve(path.dirname(file), m[1]), seen)) return false;
  }
  return true;
}

/**
 * The stateless helper files of one subpath: export name → {file, imported}, read from the
 * subpath's `index.mjs` (`export { default as buttonClasses } from "./buttonClasses.mjs"`,
 * `export * from "./buttonClasses.mjs"`). The component's own file is never one of them.
 * @param {string} dir the package directory
 * @param {string} subpath e.g. 'Button'
 * @returns {Map<string, {file: string, imported: string}>}
 */
function helperFilesOf(dir, subpath) {
  const helpers = new Map();
  const index = path.join(dir, subpath, 'index.mjs');
  if (!fs.existsSync(index)) return helpers;
  const source = fs.readFileSync(index, 'utf8');
  for (const m of source.matchAll(/export\s*(\*|\{[^}]*\})\s*from\s*['"](\.\/[^'"]+\.mjs)['"]/g)) {
    const file = path.join(dir, subpath, m[2]);
    if (!isStateless(file)) continue;
    if (m[1] === '*') {
      for (const name of namesOf(file.replace(/\.mjs$/, '.js'))) {
        if (name !== 'default' && !helpers.has(name)) helpers.set(name, { file, imported: name });
      }
    } else {
      for (const spec of m[1].slice(1, -1).split(',')) {
        const [imported, local] = spec.trim().split(/\s+as\s+/);
        const exported = local ?? imported;
        if (exported && exported !== 'default') helpers.set(exported, { file, imported });
      }
    }
  }
  return helpers;
}

/**
 * @param {{shared: (subpath: string) => boolean, barrelOnly: (subpath: string) => boolean}} kinds
 *   which subpaths are shared on their own and which only through the barrel
 */
function build(kinds) {
  const dir = pkgDir();
  const subpaths = publicSubpaths(dir).filter((s) => s !== '.' && !s.startsWith('Pigment'));
  /** barrel name → where to import it from instead */
  const byName = new Map();
  /** `Button` → its helpers' files */
  const helpers = new Map();
  for (const subpath of subpaths.filter(kinds.barrelOnly)) {
    helpers.set(subpath, helperFilesOf(dir, subpath));
  }
  // Shared paths first, then the private ones the barrel re-exports whole (`styles`, `utils`:
  // `styled` also sits in `zero-styled`), then the rest; first-paint paths' helpers last.
  const PREFERRED_PRIVATE = ['styles', 'utils', 'colors'];
  const rank = (subpath) =>
    kinds.shared(subpath)
      ? 0
      : PREFERRED_PRIVATE.includes(subpath)
        ? 1
        : kinds.barrelOnly(subpath)
          ? 3
          : 2;
  for (const subpath of [...subpaths].sort((a, b) => rank(a) - rank(b))) {
    const names = namesOf(`${PKG}/${subpath}`);
    for (const name of names) {
      if (name === 'default') {
        // `Rating` is `@mui/material/Rating`'s default export.
        const own = path.posix.basename(subpath);
        if (!subpath.includes('/') && !byName.has(own) && !kinds.barrelOnly(subpath))
          byName.set(own, { request: `${PKG}/${subpath}`, imported: 'default' });
        continue;
      }
      if (byName.has(name)) continue;
      if (kinds.barrelOnly(subpath)) {
        const helper = helpers.get(subpath)?.get(name);
        if (helper) byName.set(name, { request: helper.file, imported: helper.imported });
      } else {
        byName.set(name, { request: `${PKG}/${subpath}`, imported: name });
      }
    }
  }
  // `import { colors } from '@mui/material'` is the namespace of the private `colors` path.
  byName.set('colors', { request: `${PKG}/colors`, imported: '*' });
  return { byName, helpers };
}

/**
 * @param {Parameters<typeof build>[0]} kinds
 * @returns {ReturnType<typeof build>}
 */
function muiExportMap(kinds) {
  cache ??= build(kinds);
  return cache;
}

module.exports = { muiExportMap, isStateless };
