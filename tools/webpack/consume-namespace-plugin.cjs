/**
 * Gives the remotes' fallback-less MUI consumes (`import: false`, create-config.cjs) the exports
 * type of what the shell provides: an ES module namespace.
 *
 * A consume with a fallback copies its build meta from the fallback module; one without has
 * none, and webpack then treats it as CommonJS: a `.mjs` importer (@mui/x-data-grid) gets the
 * whole namespace object as `import MenuList from '@mui/material/MenuList'`'s default export
 * (React error #130). Every `@mui/*` module the shell provides is ES module source, so the
 * remotes can say so and keep neither a fallback copy nor a provide of their own.
 */
const PLUGIN = 'ConsumeNamespacePlugin';

class ConsumeNamespacePlugin {
  /** @param {(shareKey: string) => boolean} test which fallback-less consumes are ES modules */
  constructor(test) {
    this.test = test;
  }

  apply(compiler) {
    compiler.hooks.thisCompilation.tap(PLUGIN, (compilation) => {
      // After @module-federation/enhanced's own finishModules tap (stage 10), which copies a
      // fallback's meta onto the consumes that have one.
      compilation.hooks.finishModules.tap({ name: PLUGIN, stage: 20 }, (modules) => {
        for (const module of modules) {
          if (module.type !== 'consume-shared-module' || module.options?.import) continue;
          if (!this.test(module.options.shareKey)) continue;
          module.buildMeta = { ...module.buildMeta, exportsType: 'namespace' };
          compilation.moduleGraph.getExportsInfo(module).setUnknownExportsProvided();
        }
      });
    });
  }
}

module.exports = { ConsumeNamespacePlugin };
