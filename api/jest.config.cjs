// api tests talk to real databases (SQLite always, PostgreSQL when TEST_DATABASE_URL is set);
// each test file owns its database (a temp file or a random PostgreSQL schema), so workers run
// in parallel safely. Timeouts are generous because argon2id at OWASP cost is deliberately slow.
const base = require('../jest.base.cjs')(__dirname);

module.exports = {
  ...base,
  // light-my-request (Fastify's inject) requires cookie@2, which ships ESM only; Node ≥ 20.19
  // loads it natively, Jest's module system needs it compiled to CommonJS. The same holds for
  // otplib's @noble/hashes and @scure/base (issue #16), and single sign-on's openid-client,
  // oauth4webapi and jose, and the tests' oidc-provider (issue #18).
  transformIgnorePatterns: [
    '/node_modules/(?!(cookie|@noble/hashes|@scure/base|openid-client|oauth4webapi|jose|oidc-provider)/)',
  ],
  testTimeout: 30_000,
};
