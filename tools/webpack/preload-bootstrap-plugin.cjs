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
const { firstPaintChunkGroups } = require('./first-paint.cjs');

class PreloadBootstrapPlugin {
  /**
   * @param {{entryRequest: string, minBytes?: number}} options the entry's dynamic import (e.g.
   *   './bootstrap'), and the smallest chunk group (bytes of JavaScript, all its chunks) worth
   *   hints: hinting every small chunk made the first paint later on Lighthouse mobile (the
   *   hints compete with main.js for bandwidth).
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
    const members = firstPaintChunkGroups(compilation, this.entryRequest);
    const chunks = new Set();
    for (const groupChunks of members.values()) for (const chunk of groupChunks) chunks.add(chunk);
    // A shared module may be split over several chunks (the MUI barrel: the theme engine,
    // ButtonBase, the inputs…), none of them big, all of them needed: a group counts as a whole.
    const jsBytes = (chunk) =>
      [...chunk.files]
        .filter((file) => file.endsWith('.js'))
        .reduce((sum, file) => sum + (compilation.getAsset(file)?.source.size() ?? 0), 0);
    const hinted = new Set();
    for (const groupChunks of members.values()) {
      const total = [...groupChunks].reduce((sum, chunk) => sum + jsBytes(chunk), 0);
      if (total >= this.minBytes) for (const chunk of groupChunks) hinted.add(chunk);
    }
    const files = [];
    for (const chunk of chunks) {
      if (!hinted.has(chunk)) continue;
      for (const file of chunk.files) if (file.endsWith('.js')) files.push(file);
    }
    return files;
  }
}

module.exports = { PreloadBootstrapPlugin };
