// jsdom with Node's fetch classes so RTK Query runs for real against the mocked fetch.
module.exports = require('../jest.base.cjs')(__dirname, { environment: 'jsdom-fetch' });
