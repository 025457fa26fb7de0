// The shared federation-aware factory (tools/webpack/README.md): remote_auth exposes its route
// descriptors (DESIGN.md §5) and nothing else.
const { createConfig } = require('../tools/webpack/create-config.cjs');

module.exports = createConfig({
  dir: __dirname,
  name: 'remote_auth',
  exposes: { './routes': './src/routes.ts' },
});
