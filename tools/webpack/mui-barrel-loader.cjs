/**
 * Webpack loader for our own sources and @mui/icons-material's `createSvgIcon`: rewrites per-component MUI imports to
 * the `@mui/material` barrel, so that every container consumes ONE shared, tree-shaken
 * `@mui/material` (see shared-exports.cjs) instead of one shared module per component path.
 * The components of MUI_LAZY_COMPONENTS are the exception: they keep their own path, which is
 * shared on its own and downloaded with the first page that renders it.
 *
 *   import Button from '@mui/material/Button';              → import { Button as Button } from '@mui/material';
 *   import Chip, { type ChipProps } from '@mui/material/Chip' → import { Chip as Chip, type ChipProps } from '@mui/material';
 *   import { createTheme } from '@mui/material/styles';     → import { createTheme } from '@mui/material';
 *
 * Why per-component paths stay in the source: they keep Jest and the type checker fast and are
 * MUI's documented style; only the browser build needs the single shared module. A path whose
 * names the barrel does not export (`@mui/material/locale`) is left alone, and `import type`
 * statements are erased by swc anyway.
 */
const BARREL = '@mui/material';
const LAZY = new Set(require('./shared-exports.cjs').MUI_LAZY_COMPONENTS);

/** @type {Set<string> | undefined} */
let barrelExports;
function exportsOfBarrel() {
  // The CommonJS build lists every name the barrel (and thus its ESM twin) exports.
  barrelExports ??= new Set(Object.keys(require(BARREL)));
  return barrelExports;
}

const IMPORT =
  /import\s+(?!type\s)([\w$]+)?\s*,?\s*(\{[^}]*\})?\s*from\s*(['"])@mui\/material\/([\w$]+)\3\s*;?/g;

/**
 * @param {string} source a TypeScript/JavaScript module
 * @returns {string} the module with rewritable MUI subpath imports pointing at the barrel
 */
function rewriteMuiImports(source) {
  const names = exportsOfBarrel();
  return source.replace(IMPORT, (whole, defaultName, braces, _q, subpath) => {
    if (!defaultName && !braces) return whole;
    if (LAZY.has(subpath)) return whole;
    const specifiers = [];
    if (defaultName) {
      if (!names.has(subpath)) return whole;
      specifiers.push(`${subpath} as ${defaultName}`);
    }
    if (braces) {
      const inner = braces
        .slice(1, -1)
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      for (const spec of inner) {
        const isType = /^type\s/.test(spec);
        const imported = spec.replace(/^type\s+/, '').split(/\s+as\s+/)[0];
        // A value the barrel lacks would be `undefined` at run time: keep the subpath import.
        if (!isType && !names.has(imported)) return whole;
        specifiers.push(spec);
      }
    }
    return `import { ${specifiers.join(', ')} } from '${BARREL}';`;
  });
}

const REEXPORT = /export\s*(\{[^}]*\})\s*from\s*(['"])@mui\/material\/([\w$]+)\2\s*;?/g;

/**
 * `export { createSvgIcon as default } from '@mui/material/SvgIcon'` (how @mui/icons-material
 * builds every icon) → the same names from the barrel; a subpath's `default` becomes its
 * component name. Left alone when the barrel lacks a name.
 * @param {string} source
 * @returns {string}
 */
function rewriteMuiReexports(source) {
  const names = exportsOfBarrel();
  return source.replace(REEXPORT, (whole, braces, _q, subpath) => {
    const specifiers = [];
    for (const spec of braces
      .slice(1, -1)
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)) {
      const [imported, exported] = spec.split(/\s+as\s+/);
      const fromBarrel = imported === 'default' ? subpath : imported;
      if (!names.has(fromBarrel)) return whole;
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
