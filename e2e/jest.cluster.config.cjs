// Cluster and fault tests (issue #7, `npm run test:cluster`): real api processes from the build
// (tools/cluster) on PostgreSQL and Redis of this machine, behind the launcher's proxy; each file
// owns its database and client addresses. Serial: they start processes and cut connections.
const base = require('../jest.base.cjs')(__dirname);

module.exports = {
  ...base,
  testMatch: ['<rootDir>/cluster/**/*.test.ts'],
  testTimeout: 90_000,
  maxWorkers: 1,
};
