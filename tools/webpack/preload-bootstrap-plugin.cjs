/**
 * Adds `<link rel="preload" as="script">` to the shell's index.html for every chunk the async
 * bootstrap needs before React can render: the bootstrap chunk group itself and the chunks of
 * the shell's own copies of the shared modules it consumes (react-dom, MUI, the router…),
 * followed transitively through shared modules that consume other shared modules.
 *
 * Why: the entry only holds the federation runtime and `import('./bootstrap')`, so without hints
 * the browser discovers these chunks one round trip later, after main.js ran, and the first
 * paint of /login waits on that chain (Lighthouse mobile LCP). With 'loaded-first' the shell's
 * own copies are the ones the page uses, so nothing preloaded is wasted. Lazy page and layout
 * chunks (ordinary `import()` inside the app) are not followed.
 */
const HtmlWebpackPlugin = require('html-webpack-plugin');

const CONSUME_TYPES = new Set(['consume-shared-module']);

class PreloadBootstrapPlugin {
  /**
   * @param {{entryRequest: string, minBytes?: number}} options the entry's dynamic import (e.g.
   *   './bootstrap'), and the smallest chunk worth a hint: hinting every small chunk made the
   *   first paint later on Lighthouse mobile (the hints compete with main.js for bandwidth).
   */
  constructor(options) {
    this.entryRequest = options.entryRequest;
    this.minBytes = options.minBytes ?? 0;
  }

  apply(compiler) {
    compiler.hooks.compilation.tap('PreloadBootstrapPlugin', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap(
        'PreloadBootstrapPlugin',
        (data) => {
          const files = this.filesToPreload(compilation);
          const publicPath = data.publicPath ?? '/';
          const links = files.map((file) => ({
            tagName: 'link',
            voidTag: true,
            meta: { plugin: 'PreloadBootstrapPlugin' },
            attributes: { rel: 'preload', as: 'script', href: `${publicPath}${file}` },
          }));
          data.headTags.push(...links);
          return data;
        },
      );
    });
  }

  /** @returns {string[]} JavaScript files of the bootstrap and the shared modules it consumes */
  filesToPreload(compilation) {
    const { chunkGraph } = compilation;
    const groups = new Set();
    for (const group of compilation.chunkGroups) {
      if (group.origins.some((o) => o.request === this.entryRequest)) groups.add(group);
    }
    const chunks = new Set();
    const queue = [...groups];
    while (queue.length) {
      const group = queue.shift();
      for (const chunk of group.chunks) {
        if (chunks.has(chunk)) continue;
        chunks.add(chunk);
        for (const module of chunkGraph.getChunkModulesIterable(chunk)) {
          if (!CONSUME_TYPES.has(module.type)) continue;
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
    const files = [];
    for (const chunk of chunks) {
      for (const file of chunk.files) {
        const size = compilation.getAsset(file)?.source.size() ?? 0;
        if (file.endsWith('.js') && size >= this.minBytes) files.push(file);
      }
    }
    return files;
  }
}

module.exports = { PreloadBootstrapPlugin };
