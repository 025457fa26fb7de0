// The shell: Module Federation host. Remotes are not listed here; they come from /config.js at
// run time (DESIGN.md §2), so re-pointing one needs no rebuild.
const { createConfig } = require('../tools/webpack/create-config.cjs');

module.exports = createConfig({ dir: __dirname, name: 'shell', host: true });
