/**
 * Fails the build when any module of it (our sources or a dependency in node_modules, e.g.
 * @mui/x-data-grid) imports an export of a tree-shaken shared package that is missing from the
 * ONE list in shared-exports.cjs. Without it the build succeeds and the page crashes later, in
 * another container: the shell's copy (served first, 'loaded-first') lacks the export.
 *
 * It sees what webpack's export-usage analysis sees (production builds, where tree-shaking
 * happens; development builds keep whole shared packages and are not checked). A namespace or
 * dynamic import (`import * as Mui`, `await import('react-router-dom')`) also fails: it needs
 * every export, which would silently turn tree-shaking off for everyone.
 */
const path = require('node:path');
const webpack = require('webpack');

const ROOT = path.resolve(__dirname, '..', '..');
const FEDERATION_MODULE_TYPES = new Set([
  'consume-shared-module',
  'provide-module',
  'shared-entry-module',
]);

class SharedExportsCheckPlugin {
  /**
   * @param {Record<string, string[]>} lists share key → allowed exports
   * @param {string} listFile shown in the error so the reader knows what to edit
   */
  constructor(lists, listFile) {
    this.lists = new Map(Object.entries(lists).map(([k, v]) => [k, new Set(v)]));
    this.listFile = path.relative(ROOT, listFile);
  }

  apply(compiler) {
    compiler.hooks.compilation.tap('SharedExportsCheckPlugin', (compilation) => {
      /** @type {Map<string, {pkg: string, name: string, where: string}>} */
      const missing = new Map();
      compilation.hooks.dependencyReferencedExports.tap(
        'SharedExportsCheckPlugin',
        (referenced, dependency) => {
          const request = /** @type {{request?: unknown}} */ (dependency).request;
          if (typeof request !== 'string' || !this.lists.has(request)) return referenced;
          const allowed = this.lists.get(request);
          const parent = compilation.moduleGraph.getParentModule(dependency);
          // Federation's own modules (the consume/provide wrappers) reference the whole package.
          if (!parent || FEDERATION_MODULE_TYPES.has(parent.type)) return referenced;
          const where = parent?.resource
            ? path.relative(ROOT, parent.resource)
            : (parent?.identifier() ?? '?');
          const note = (name) => {
            const key = `${request}\0${name}\0${where}`;
            if (!missing.has(key)) missing.set(key, { pkg: request, name, where });
          };
          if (referenced === webpack.Dependency.EXPORTS_OBJECT_REFERENCED) {
            note('*');
            return referenced;
          }
          for (const item of referenced) {
            const ids = Array.isArray(item) ? item : item.name;
            if (!ids || ids.length === 0) continue;
            if (!allowed.has(ids[0])) note(ids[0]);
          }
          return referenced;
        },
      );
      compilation.hooks.afterOptimizeDependencies.tap('SharedExportsCheckPlugin', () => {
        for (const { pkg, name, where } of missing.values()) {
          const err = new webpack.WebpackError(
            name === '*'
              ? `${where} imports every export of shared package "${pkg}" (namespace or dynamic import). ` +
                  `Import the exports it uses by name: ${pkg} is tree-shaken to the list in ${this.listFile}.`
              : `${where} imports "${name}" from shared package "${pkg}", which is missing from its export list ` +
                  `in ${this.listFile}. Add "${name}" to SHARED_EXPORTS['${pkg}'] and rebuild the shell too ` +
                  `(it serves the one shared copy every remote uses) — or, for an MUI component the ` +
                  `first paint does not need, import it from its own path ('@mui/material/<Name>'), ` +
                  `which every container already shares.`,
          );
          err.hideStack = true;
          compilation.errors.push(err);
        }
      });
    });
  }
}

/**
 * Fails the build when a module outside @mui/material still imports one of the first paint's
 * component paths (`@mui/material/Button`, …: MUI_BARREL_SUBPATHS) after mui-barrel-loader: such a
 * path is served only through the shared barrel, so webpack would bundle a private copy of the
 * component, with private copies of the contexts it shares with the rest of MUI — the
 * "MenuListContext is missing" kind of crash of issue #14, for another component.
 */
class BarrelOnlyPathsPlugin {
  /**
   * @param {string[]} subpaths component paths served by the barrel only ('Button', 'Box', …)
   * @param {string} listFile shown in the error so the reader knows what to edit
   */
  constructor(subpaths, listFile) {
    this.requests = new Set(subpaths.map((s) => `@mui/material/${s}`));
    this.listFile = path.relative(ROOT, listFile);
  }

  apply(compiler) {
    compiler.hooks.thisCompilation.tap(
      'BarrelOnlyPathsPlugin',
      (compilation, { normalModuleFactory }) => {
        normalModuleFactory.hooks.beforeResolve.tap('BarrelOnlyPathsPlugin', (data) => {
          const issuer = data.contextInfo?.issuer ?? '';
          if (!this.requests.has(data.request)) return;
          if (/[\\/]node_modules[\\/]@mui[\\/]material[\\/]/.test(issuer)) return;
          const err = new webpack.WebpackError(
            `${path.relative(ROOT, issuer) || '?'} imports "${data.request}", which only the shared ` +
              `@mui/material barrel serves (a direct import would bundle a private copy of the ` +
              `component and of its contexts). Import the names it uses from the same path as ` +
              `the component's default export, list them in SHARED_EXPORTS['@mui/material'] in ` +
              `${this.listFile}, and if the importer is a dependency, make sure ` +
              `tools/webpack/create-config.cjs runs mui-barrel-loader on it.`,
          );
          err.hideStack = true;
          compilation.errors.push(err);
        });
      },
    );
  }
}

module.exports = { SharedExportsCheckPlugin, BarrelOnlyPathsPlugin };
