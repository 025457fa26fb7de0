// jsdom: the kit's components render in tests the way a remote's pages do.
module.exports = require('../jest.base.cjs')(__dirname, { environment: 'jsdom' });
