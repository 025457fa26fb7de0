/**
 * Jest settings every package shares: TypeScript through @swc/jest, and `@gestion/shared` and
 * `@gestion/ui` resolved to their sources so a package's tests never need a prior build.
 * @param {string} packageDir absolute path of the package (its jest.config.cjs passes __dirname)
 * @param {{ environment?: 'node' | 'jsdom' | 'jsdom-fetch' }} [options] `jsdom-fetch` adds Node's fetch
 *   classes to jsdom so RTK Query runs for real against a mocked `fetch`
 */
const path = require('node:path');

module.exports = function jestConfig(packageDir, options = {}) {
  const sharedSrc = path.join(__dirname, 'shared', 'src');
  const uiSrc = path.join(__dirname, 'ui', 'src');
  const jsdom = options.environment === 'jsdom' || options.environment === 'jsdom-fetch';
  return {
    rootDir: packageDir,
    testEnvironment:
      options.environment === 'jsdom-fetch'
        ? path.join(__dirname, 'tools', 'jest', 'jsdom-fetch-environment.cjs')
        : jsdom
          ? 'jsdom'
          : 'node',
    testMatch: ['<rootDir>/src/**/*.test.ts?(x)', '<rootDir>/test/**/*.test.ts?(x)'],
    transform: {
      '^.+\\.(t|j)sx?$': [
        '@swc/jest',
        {
          jsc: {
            parser: { syntax: 'typescript', tsx: true },
            transform: { react: { runtime: 'automatic' } },
            target: 'es2022',
          },
          module: { type: 'commonjs' },
        },
      ],
    },
    moduleNameMapper: {
      '^@gestion/shared$': path.join(sharedSrc, 'index.ts'),
      '^@gestion/shared/react$': path.join(sharedSrc, 'react', 'index.ts'),
      '^@gestion/shared/react/api$': path.join(sharedSrc, 'react', 'base-api.ts'),
      '^@gestion/shared/testing$': path.join(sharedSrc, 'testing', 'index.ts'),
      '^@gestion/ui$': path.join(uiSrc, 'index.ts'),
      '^@gestion/ui/(grid|pickers|testing)$': path.join(uiSrc, '$1', 'index.ts'),
      '\\.(css|svg|png|ico)$': path.join(__dirname, 'tools', 'jest', 'file-stub.cjs'),
    },
    setupFilesAfterEnv: jsdom ? [path.join(__dirname, 'tools', 'jest', 'setup-dom.cjs')] : [],
    // MUI and MUI X pages and dialogs are heavy in jsdom and the CI machine is shared: one
    // timeout for every DOM test instead of a `jest.setTimeout` at the top of each file (a file
    // may still set its own).
    ...(jsdom ? { testTimeout: 30_000 } : {}),
    ...(jsdom
      ? { testEnvironmentOptions: { customExportConditions: ['browser', 'require', 'default'] } }
      : {}),
    clearMocks: true,
  };
};
