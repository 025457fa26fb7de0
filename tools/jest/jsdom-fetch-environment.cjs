/**
 * jsdom plus Node's own fetch classes. RTK Query's fetchBaseQuery builds a `Request` (with an
 * `AbortSignal`) and reads a `Response`; jsdom has none of them, and jsdom's AbortController
 * would not be accepted by Node's Request. Node's Request also needs an absolute URL where a
 * browser resolves `/api/...` against the page, so relative URLs resolve against jsdom's
 * `http://localhost/`. Tests still replace `fetch` itself with a fake.
 */
const { TestEnvironment } = require('jest-environment-jsdom');

class JsdomWithFetch extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    const NodeRequest = globalThis.Request;
    this.global.Request = class Request extends NodeRequest {
      constructor(input, init) {
        super(typeof input === 'string' ? new URL(input, 'http://localhost/').href : input, init);
      }
    };
    for (const name of ['Response', 'Headers', 'AbortController', 'AbortSignal', 'ReadableStream', 'structuredClone']) {
      this.global[name] = globalThis[name];
    }
  }
}

module.exports = JsdomWithFetch;
