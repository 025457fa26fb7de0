/**
 * jsdom plus Node's own fetch classes. RTK Query's fetchBaseQuery builds a `Request` (with an
 * `AbortSignal`) and reads a `Response`; jsdom has none of them, and jsdom's AbortController
 * would not be accepted by Node's Request. Tests still replace `fetch` itself with a fake.
 */
const { TestEnvironment } = require('jest-environment-jsdom');

class JsdomWithFetch extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of [
      'Request',
      'Response',
      'Headers',
      'AbortController',
      'AbortSignal',
      'ReadableStream',
      'structuredClone',
    ]) {
      this.global[name] = globalThis[name];
    }
  }
}

module.exports = JsdomWithFetch;
