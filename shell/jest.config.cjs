module.exports = require('../jest.base.cjs')(__dirname, { environment: 'jsdom' });
