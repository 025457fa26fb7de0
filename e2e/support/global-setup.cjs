// The browser tests run against the production build; build it when it is missing so
// `npm run test:e2e` works on its own (CI builds first and this is a no-op there).
const { existsSync } = require('node:fs');
const { execSync } = require('node:child_process');
const path = require('node:path');

module.exports = async function globalSetup() {
  const root = path.resolve(__dirname, '..', '..');
  const needed = [
    'api/dist/server.js',
    'shell/dist/index.html',
    'remote-auth/dist/mf-manifest.json',
    'remote-eventos/dist/mf-manifest.json',
    'remote-informes/dist/mf-manifest.json',
  ];
  if (needed.some((f) => !existsSync(path.join(root, f)))) {
    execSync('npm run build', { cwd: root, stdio: 'inherit' });
  }
  if (!existsSync('/usr/bin/chromium')) {
    throw new Error('Debian Chromium is missing: apt-get install -y chromium');
  }
};
