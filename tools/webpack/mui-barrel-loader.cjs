/**
 * Webpack loader for our own sources and @mui/icons-material's `createSvgIcon`: rewrites the
 * per-component MUI imports of what the first paint needs (the names of
 * SHARED_EXPORTS['@mui/material'] in shared-exports.cjs) to the `@mui/material` barrel, shared
 * tree-shaken to that list: the shell's frame and the sign-in form then come as one shared
 * module instead of twenty. Every other import keeps its path, which is shared on its own
 * (`muiSharedSubpaths`) or, for a stateless helper like `@mui/material/locale`, private.
 *
 *   import Button from '@mui/material/Button';              → import { Button as Button } from '@mui/material';
 *   import { createTheme } from '@mui/material/styles';     → import { createTheme } from '@mui/material';
 *   import Menu from '@mui/material/Menu';                   (unchanged: shared as '@mui/material/Menu')
 *   import Chip, { type ChipProps } from '@mui/material/Chip' (unchanged)
 *
 * Either way one MUI instance serves every container: in the shell's build (which provides both)
 * the barrel's Button and `@mui/material/Button` are the same webpack module.
 *
 * Why per-component paths stay in the source: they keep Jest and the type checker fast and are
 * MUI's documented style; only the browser build needs the single shared module. `import type`
 * statements are erased by swc anyway.
 */
const {
  SHARED_EXPORTS,
  MUI_BARREL_SUBPATHS,
  MUI_PRIVATE_SUBPATHS,
} = require('./shared-exports.cjs');
const { muiExportMap } = require('./mui-export-map.cjs');

const BARREL = '@mui/material';
const FIRST_PAINT = new Set(SHARED_EXPORTS[BARREL]);
const BARREL_ONLY = new Set(MUI_BARREL_SUBPATHS);

/** Where a name the barrel's list leaves out comes from instead (mui-export-map.cjs). */
function exportMap() {
  return muiExportMap({
    shared: (s) => !MUI_PRIVATE_SUBPATHS.includes(s) && !BARREL_ONLY.has(s),
    barrelOnly: (s) => BARREL_ONLY.has(s),
  });
}

/** `import …` statements for `names` ([imported, local]) found in the export map, by request. */
function importsFrom(placed) {
  const byRequest = new Map();
  for (const { request, imported, local } of placed) {
    if (!byRequest.has(request)) byRequest.set(request, []);
    byRequest.get(request).push(imported === local ? imported : `${imported} as ${local}`);
  }
  return [...byRequest]
    .map(([request, specs]) => `import { ${specs.join(', ')} } from ${JSON.stringify(request)};`)
    .join(' ');
}

const IMPORT =
  /import\s+(?!type\s)([\w$]+)?\s*,?\s*(\{[^}]*\})?\s*from\s*(['"])@mui\/material\/([\w$]+)\3\s*;?/g;

/** `{ a, type B, c as d }` → its specifiers, trimmed. */
function specifiersOf(braces) {
  return braces
    .slice(1, -1)
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * @param {string} source a TypeScript/JavaScript module
 * @returns {string} the module with the first paint's MUI subpath imports pointing at the barrel
 */
function rewriteMuiImports(source) {
  return rewriteBarrelImports(
    source.replace(IMPORT, (whole, defaultName, braces, _q, subpath) => {
      if (!defaultName && !braces) return whole;
      const specifiers = [];
      /** a first-paint path's helpers the barrel's list leaves out (`buttonClasses`) */
      const helpers = [];
      if (defaultName) {
        if (!FIRST_PAINT.has(subpath)) return whole;
        specifiers.push(`${subpath} as ${defaultName}`);
      }
      for (const spec of braces ? specifiersOf(braces) : []) {
        const isType = /^type\s/.test(spec);
        const [imported, local = imported] = spec.replace(/^type\s+/, '').split(/\s+as\s+/);
        if (isType || FIRST_PAINT.has(imported)) {
          specifiers.push(spec);
          continue;
        }
        // Outside the barrel's list: a path shared on its own keeps the whole import there; a
        // first-paint path's stateless helper comes from its own file, privately.
        if (!BARREL_ONLY.has(subpath)) return whole;
        const placed = exportMap().byName.get(imported);
        if (!placed || placed.request.startsWith(BARREL)) return whole;
        helpers.push({ ...placed, local });
      }
      const barrel = specifiers.length
        ? `import { ${specifiers.join(', ')} } from '${BARREL}';`
        : '';
      return [barrel, importsFrom(helpers)].filter(Boolean).join(' ');
    }),
  );
}

const BARREL_IMPORT = /import\s+(?!type\s)(\{[^}]*\})\s*from\s*(['"])@mui\/material\2\s*;?/g;

/**
 * `import { Rating, Button } from '@mui/material'`: the names outside the barrel's list go to the
 * module that defines them (mui-export-map.cjs: a shared path such as `@mui/material/Rating`, a
 * private helper path such as `@mui/material/styles`, or a first-paint component's stateless
 * helper file), so a remote may import any MUI export from the barrel too; the first paint's
 * names stay on the barrel. A name found nowhere stays, and SharedExportsCheckPlugin names it.
 * @param {string} source
 * @returns {string}
 */
function rewriteBarrelImports(source) {
  return source.replace(BARREL_IMPORT, (whole, braces) => {
    const kept = [];
    const moved = [];
    const namespaces = [];
    for (const spec of specifiersOf(braces)) {
      const isType = /^type\s/.test(spec);
      const [imported, local = imported] = spec.replace(/^type\s+/, '').split(/\s+as\s+/);
      const placed =
        isType || FIRST_PAINT.has(imported) ? undefined : exportMap().byName.get(imported);
      if (!placed) kept.push(spec);
      else if (placed.imported === '*')
        namespaces.push(`import * as ${local} from ${JSON.stringify(placed.request)};`);
      else moved.push({ ...placed, local });
    }
    if (!moved.length && !namespaces.length) return whole;
    const barrel = kept.length ? `import { ${kept.join(', ')} } from '${BARREL}';` : '';
    return [barrel, importsFrom(moved), ...namespaces].filter(Boolean).join(' ');
  });
}

const REEXPORT = /export\s*(\{[^}]*\})\s*from\s*(['"])@mui\/material\/([\w$]+)\2\s*;?/g;

/**
 * `export { createSvgIcon as default } from '@mui/material/SvgIcon'` (how @mui/icons-material
 * builds every icon) → the same names from the barrel; a subpath's `default` becomes its
 * component name. Left alone when a name is not in the barrel's list.
 * @param {string} source
 * @returns {string}
 */
function rewriteMuiReexports(source) {
  return source.replace(REEXPORT, (whole, braces, _q, subpath) => {
    const specifiers = [];
    for (const spec of specifiersOf(braces)) {
      const [imported, exported] = spec.split(/\s+as\s+/);
      const fromBarrel = imported === 'default' ? subpath : imported;
      if (!FIRST_PAINT.has(fromBarrel)) return whole;
      specifiers.push(`${fromBarrel} as ${exported ?? imported}`);
    }
    return `export { ${specifiers.join(', ')} } from '${BARREL}';`;
  });
}

/** @this {import('webpack').LoaderContext<unknown>} */
function muiBarrelLoader(source) {
  return rewriteMuiReexports(rewriteMuiImports(source));
}

module.exports = muiBarrelLoader;
module.exports.rewriteMuiImports = rewriteMuiImports;
module.exports.rewriteMuiReexports = rewriteMuiReexports;
module.exports.rewriteBarrelImports = rewriteBarrelImports;
