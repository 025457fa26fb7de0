// The shared federation-aware factory (tools/webpack/README.md): remote_informes exposes its route
// descriptors (DESIGN.md §5) and nothing else.
const { createConfig } = require('../tools/webpack/create-config.cjs');

module.exports = createConfig({
  dir: __dirname,
  name: 'remote_informes',
  exposes: { './routes': './src/routes.ts' },
});
