/**
 * What the shell's first render needs, and one chunk for it.
 *
 * The entry (main.js) only holds the federation runtime and `import('./bootstrap')`; before React
 * can render, the page needs the bootstrap chunk group and the shell's own copies of the shared
 * modules it consumes (react-dom, the MUI barrel, the router, i18next…). Left to webpack's default
 * `splitChunks`, those modules land in about twenty files (one per shared module, and the MUI
 * barrel cut into seven by what the lazy components reuse). Brotli compresses each file on its
 * own, so the same boilerplate and the same identifiers are paid for again in every file:
 * concatenated, the shell's part of a first visit to /login was 190.5 → 174.2 KiB brotli.
 * `FirstPaintChunkPlugin` moves every module the first render needs into one async chunk,
 * `first-paint`; the lazy pages, layouts and MUI components keep their own chunks and simply
 * depend on it (it is always loaded by then).
 */

const { STAGE_ADVANCED } = require('webpack/lib/OptimizationStages');

const CONSUME_TYPE = 'consume-shared-module';

/**
 * The chunk groups the first render loads: the group of the entry's dynamic import
 * (`entryRequest`, e.g. './bootstrap') and, followed transitively, the groups of the shell's own
 * copies of the shared modules those chunks consume. With 'loaded-first' those copies are the
 * ones the page uses. Lazy pages and layouts (ordinary `import()` in the app) are not followed.
 * @param {import('webpack').Compilation} compilation
 * @param {string} entryRequest
 * @returns {Map<import('webpack').ChunkGroup, Set<import('webpack').Chunk>>} group → its chunks
 */
function firstPaintChunkGroups(compilation, entryRequest) {
  const { chunkGraph } = compilation;
  const groups = new Set();
  for (const group of compilation.chunkGroups) {
    if (group.origins.some((o) => o.request === entryRequest)) groups.add(group);
  }
  const seen = new Set();
  /** @type {Map<object, Set<object>>} */
  const members = new Map();
  const queue = [...groups];
  while (queue.length) {
    const group = queue.shift();
    members.set(group, new Set(group.chunks));
    for (const chunk of group.chunks) {
      if (seen.has(chunk)) continue;
      seen.add(chunk);
      for (const module of chunkGraph.getChunkModulesIterable(chunk)) {
        if (module.type !== CONSUME_TYPE) continue;
        for (const block of module.blocks) {
          const blockGroup = chunkGraph.getBlockChunkGroup(block);
          if (blockGroup && !groups.has(blockGroup)) {
            groups.add(blockGroup);
            queue.push(blockGroup);
          }
        }
      }
    }
  }
  return members;
}

/**
 * Puts every module of the first render's chunks (see `firstPaintChunkGroups`) into the one
 * async chunk `first-paint`. Add `cacheGroup()` to `optimization.splitChunks.cacheGroups` and the
 * plugin to `plugins`: the plugin computes the set just before `SplitChunksPlugin` runs.
 */
class FirstPaintChunkPlugin {
  /** @param {{entryRequest: string, name?: string}} options */
  constructor(options) {
    this.entryRequest = options.entryRequest;
    this.name = options.name ?? 'first-paint';
    /** @type {WeakMap<object, Set<object>>} chunk graph → chunk groups of the first render */
    this.groupsByGraph = new WeakMap();
  }

  /** The `splitChunks` cache group; modules outside the first render are left to the defaults. */
  cacheGroup() {
    return {
      name: this.name,
      chunks: 'async',
      enforce: true,
      priority: 100,
      test: (module, { chunkGraph }) => {
        // Only code. The federation modules (consume, provide) stay in their chunks: webpack
        // resolves a chunk's consumes before the chunk's modules may run, so a consume moved in
        // here would make this chunk wait on the shared modules that wait on this chunk.
        if (!module.type.startsWith('javascript/') && module.type !== 'json') return false;
        const groups = this.groupsByGraph.get(chunkGraph);
        if (!groups) return false;
        // By group, not by chunk: identical chunks (a shared module's provide and consume
        // chunks) have been merged since the groups were listed; the groups remain.
        for (const chunk of chunkGraph.getModuleChunksIterable(module)) {
          for (const group of chunk.groupsIterable) if (groups.has(group)) return true;
        }
        return false;
      },
    };
  }

  apply(compiler) {
    // thisCompilation: not the child compilations (shared tree-shaking fallbacks, html).
    compiler.hooks.thisCompilation.tap('FirstPaintChunkPlugin', (compilation) => {
      compilation.hooks.optimizeChunks.tap(
        // Just before SplitChunksPlugin (same stage), whose cache group reads the result.
        { name: 'FirstPaintChunkPlugin', stage: STAGE_ADVANCED, before: 'SplitChunksPlugin' },
        () => {
          const groups = new Set(firstPaintChunkGroups(compilation, this.entryRequest).keys());
          this.groupsByGraph.set(compilation.chunkGraph, groups);
        },
      );
    });
  }
}

module.exports = { firstPaintChunkGroups, FirstPaintChunkPlugin };
