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
const BARREL = '@mui/material';
const FIRST_PAINT = new Set(require('./shared-exports.cjs').SHARED_EXPORTS[BARREL]);

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
  return source.replace(IMPORT, (whole, defaultName, braces, _q, subpath) => {
    if (!defaultName && !braces) return whole;
    const specifiers = [];
    if (defaultName) {
      if (!FIRST_PAINT.has(subpath)) return whole;
      specifiers.push(`${subpath} as ${defaultName}`);
    }
    for (const spec of braces ? specifiersOf(braces) : []) {
      const isType = /^type\s/.test(spec);
      const imported = spec.replace(/^type\s+/, '').split(/\s+as\s+/)[0];
      // One value outside the barrel's list keeps the whole import on its (shared) path.
      if (!isType && !FIRST_PAINT.has(imported)) return whole;
      specifiers.push(spec);
    }
    return `import { ${specifiers.join(', ')} } from '${BARREL}';`;
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
