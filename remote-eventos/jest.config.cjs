// jsdom with Node's fetch classes (jest-environment.cjs) so RTK Query runs for real in tests.
const base = require('../jest.base.cjs')(__dirname, { environment: 'jsdom' });

module.exports = { ...base, testEnvironment: require.resolve('./jest-environment.cjs') };
