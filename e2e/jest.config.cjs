// Browser tests of the built product. Each file starts its own api on a free port with a fresh
// SQLite database and drives Debian's Chromium through playwright-core. Run serially: two cores.
const base = require('../jest.base.cjs')(__dirname);

module.exports = {
  ...base,
  testMatch: ['<rootDir>/test/**/*.test.ts'],
  globalSetup: '<rootDir>/support/global-setup.cjs',
  testTimeout: 60_000,
  maxWorkers: 1,
  // otplib (the second-factor tests compute authenticator codes) ships the ESM-only
  // @noble/hashes and @scure/base, and the single sign-on test's OpenID provider
  // (api/test/support/oidc-provider.ts, issue #18) `oidc-provider` and `jose`: compiled like the
  // api's own suites do.
  transformIgnorePatterns: [
    '/node_modules/(?!(@noble/hashes|@scure/base|oidc-provider|jose|oauth4webapi|openid-client)/)',
  ],
};
