/**
 * Keeps one sharing runtime in every container's entry: @module-federation/enhanced's.
 *
 * Since webpack 5.111 webpack's own RuntimePlugin adds its `ShareRuntimeModule` to any chunk
 * that needs `__webpack_require__.S` (the share scopes), so an entry built with
 * @module-federation/enhanced 2.9 carries two: webpack's, whose `__webpack_require__.I` registers
 * every shared module in a table of its own (`register("@mui/material/Menu", "9.5.0", () => …)`),
 * then enhanced's, which assigns `.S` and `.I` again — now driving the federation runtime from
 * its `initOptions.shared` — so webpack's table is never called. With every MUI module shared
 * (shared-exports.cjs) that dead table was the largest part of what sharing them added to the
 * shell's main.js and the remotes' remoteEntry.js, both downloaded by the first visit to /login.
 *
 * The plugin answers webpack's "which runtime module provides .S?" first, with nothing; enhanced
 * adds its module through its own hook (ConsumeSharedPlugin's additionalTreeRuntimeRequirements).
 * The build fails if an entry ends up with no sharing runtime or with two (a webpack or
 * @module-federation/enhanced upgrade changed how they are added: revisit this plugin then).
 */
const webpack = require('webpack');

const { RuntimeGlobals } = webpack;
const PLUGIN = 'SingleShareRuntimePlugin';

class SingleShareRuntimePlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap(PLUGIN, (compilation) => {
      compilation.hooks.runtimeRequirementInTree
        .for(RuntimeGlobals.shareScopeMap)
        // Before webpack's RuntimePlugin (stage 0), which would add its ShareRuntimeModule.
        .tap({ name: PLUGIN, stage: -10 }, () => true);
      // Exactly one sharing runtime per entry that uses share scopes: none and nothing would
      // define `__webpack_require__.I` (the page fails at start-up); two and webpack's came back.
      compilation.hooks.afterRuntimeRequirements.tap(PLUGIN, () => {
        for (const chunk of compilation.chunks) {
          if (!chunk.hasRuntime()) continue;
          if (
            !compilation.chunkGraph
              .getTreeRuntimeRequirements(chunk)
              .has(RuntimeGlobals.shareScopeMap)
          )
            continue;
          const count = [...compilation.chunkGraph.getChunkRuntimeModulesIterable(chunk)].filter(
            (m) => m.constructor.name === 'ShareRuntimeModule',
          ).length;
          if (count !== 1) {
            compilation.errors.push(
              new webpack.WebpackError(
                `${PLUGIN}: chunk ${chunk.name ?? chunk.id} has ${count} sharing runtimes, not 1: ` +
                  `webpack or @module-federation/enhanced no longer adds them the way ` +
                  `tools/webpack/single-share-runtime-plugin.cjs expects; revisit or remove it.`,
              ),
            );
          }
        }
      });
    });
  }
}

module.exports = { SingleShareRuntimePlugin };
