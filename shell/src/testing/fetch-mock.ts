/** A `fetch` stand-in: answers by "METHOD /path" (the frontend's tests never reach a server). */
export interface FakeResponse {
  status?: number;
  body?: unknown;
}

export type FetchRoutes = Record<string, FakeResponse | (() => FakeResponse) | Error>;

export function mockFetch(routes: FetchRoutes): jest.Mock {
  const fn = jest.fn((input: string | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const key = `${(init?.method ?? 'GET').toUpperCase()} ${url.pathname}`;
    const answer = routes[key];
    if (answer === undefined) return Promise.reject(new TypeError(`fetch no simulado: ${key}`));
    if (answer instanceof Error) return Promise.reject(answer);
    const { status = 200, body } = typeof answer === 'function' ? answer() : answer;
    return Promise.resolve({
      status,
      ok: status >= 200 && status < 300,
      json: () => (body === undefined ? Promise.reject(new SyntaxError('sin cuerpo')) : Promise.resolve(body)),
    } as unknown as Response);
  });
  globalThis.fetch = fn as unknown as typeof fetch;
  return fn;
}
