/**
 * A `fetch` stand-in for component tests (the shell's helper, plus what RTK Query reads): answers
 * by "METHOD /path" — the query string is ignored for matching and recorded in `calls`.
 */
export interface FakeResponse {
  status?: number;
  body?: unknown;
}

type Answer = FakeResponse | ((call: RecordedCall) => FakeResponse) | Error;
export type FetchRoutes = Record<string, Answer>;

/** One call as the test sees it: method, path, parsed query and JSON body. */
export interface RecordedCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  headers: Headers;
}

export interface FetchMock {
  fn: jest.Mock;
  /** Every call made so far. */
  calls: RecordedCall[];
  /** Calls to `METHOD /path`. */
  callsTo: (key: string) => RecordedCall[];
}

async function readBody(init: RequestInit | undefined, request: Request | undefined) {
  const raw =
    init?.body ?? (request && request.method !== 'GET' ? await request.clone().text() : undefined);
  if (typeof raw !== 'string' || raw === '') return raw;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return raw;
  }
}

export function mockFetch(routes: FetchRoutes): FetchMock {
  const calls: RecordedCall[] = [];
  const fn = jest.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const request = input instanceof Request ? input : undefined;
    const url = new URL(
      request ? request.url : input instanceof URL ? input.href : (input as string),
      'http://localhost',
    );
    const method = (init?.method ?? request?.method ?? 'GET').toUpperCase();
    const key = `${method} ${url.pathname}`;
    const call: RecordedCall = {
      method,
      path: url.pathname,
      query: url.searchParams,
      body: await readBody(init, request),
      headers: new Headers(init?.headers ?? request?.headers),
    };
    calls.push(call);
    const answer = routes[key];
    if (answer === undefined) throw new TypeError(`fetch no simulado: ${key}`);
    if (answer instanceof Error) throw answer;
    const { status = 200, body } = typeof answer === 'function' ? answer(call) : answer;
    const text = body === undefined ? '' : JSON.stringify(body);
    return new Response(status === 204 ? null : text, {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  globalThis.fetch = fn;
  return {
    fn,
    calls,
    callsTo: (key) => calls.filter((c) => `${c.method} ${c.path}` === key),
  };
}
