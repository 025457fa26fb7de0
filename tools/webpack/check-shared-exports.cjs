#!/usr/bin/env node
/**
 * `node tools/webpack/check-shared-exports.cjs [dir…]`: the quick, build-free twin of
 * SharedExportsCheckPlugin. Scans our frontend sources (default: shell, the remotes and shared;
 * tests and `testing/` helpers excluded, as no build includes them) for named imports of the
 * tree-shaken shared packages (MUI per-component imports counted as the barrel export they become)
 * and exits 1 naming every export missing from shared-exports.cjs. The webpack plugin remains the
 * authority: it also sees what dependencies in node_modules import.
 */
const fs = require('node:fs');
const path = require('node:path');
const { SHARED_EXPORTS } = require('./shared-exports.cjs');
const { rewriteMuiImports } = require('./mui-barrel-loader.cjs');

const ROOT = path.resolve(__dirname, '..', '..');
const DEFAULT_DIRS = [
  'shell/src',
  'remote-auth/src',
  'remote-eventos/src',
  'remote-informes/src',
  'shared/src',
];

function sourcesUnder(dir, out = []) {
  if (!fs.existsSync(dir)) return out;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!['node_modules', 'dist', 'testing', '__tests__'].includes(entry.name))
        sourcesUnder(file, out);
    } else if (/\.[cm]?[jt]sx?$/.test(entry.name) && !/\.(test|spec)\.[jt]sx?$/.test(entry.name)) {
      out.push(file);
    }
  }
  return out;
}

/**
 * @param {string[]} dirs directories relative to the repository root
 * @returns {{file: string, pkg: string, name: string}[]} imports missing from the lists
 */
function findMissingExports(dirs = DEFAULT_DIRS) {
  const keys = Object.keys(SHARED_EXPORTS).map((k) => k.replace(/[/\\^$.*+?()[\]{}|-]/g, '\\$&'));
  const named = new RegExp(
    `import\\s+(?!type\\s)(?:[\\w$]+\\s*,\\s*)?(\\{[^}]*\\}|\\*\\s+as\\s+[\\w$]+)\\s*from\\s*['"](${keys.join('|')})['"]`,
    'g',
  );
  const missing = [];
  for (const dir of dirs) {
    for (const file of sourcesUnder(path.join(ROOT, dir))) {
      const source = rewriteMuiImports(fs.readFileSync(file, 'utf8'));
      for (const match of source.matchAll(named)) {
        const [, clause, pkg] = match;
        const rel = path.relative(ROOT, file);
        if (clause.startsWith('*')) {
          missing.push({ file: rel, pkg, name: '*' });
          continue;
        }
        for (const spec of clause
          .slice(1, -1)
          .split(',')
          .map((s) => s.trim())) {
          if (!spec || spec.startsWith('type ')) continue;
          const name = spec.split(/\s+as\s+/)[0];
          if (!SHARED_EXPORTS[pkg].includes(name)) missing.push({ file: rel, pkg, name });
        }
      }
    }
  }
  return missing;
}

if (require.main === module) {
  const dirs = process.argv.slice(2);
  const missing = findMissingExports(dirs.length ? dirs : DEFAULT_DIRS);
  for (const { file, pkg, name } of missing) {
    console.error(
      name === '*'
        ? `${file}: namespace import of "${pkg}"; import the exports it uses by name.`
        : `${file}: "${name}" from "${pkg}" is missing from tools/webpack/shared-exports.cjs.`,
    );
  }
  if (missing.length) process.exit(1);
  console.log('Shared export lists cover every import.');
}

module.exports = { findMissingExports };
