/**
 * A minimal JSON client over `fetch` for calls made outside RTK Query (the auth thunks).
 * Throws `ApiError`: with the server's Spanish `message` when the body has the error shape
 * (SPEC §5: "the server message is shown if present"), otherwise with `fallbackMessage`.
 */
import { ApiError, isApiErrorBody } from '../errors';

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Bearer token (SPEC §7: every authenticated call carries it). */
  token?: string | null;
  /** Message of the thrown `ApiError` when the server gives none. */
  fallbackMessage: string;
  signal?: AbortSignal;
}

/**
 * Calls `${baseUrl}${path}` and returns the parsed JSON body (undefined for 204).
 * @throws ApiError with `status` 0 when the network failed, else the HTTP status; also when a 2xx
 *   body carries an `error` field (SPEC §5: login and registration check both).
 */
export async function requestJson<T>(baseUrl: string, path: string, req: ApiRequest): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (req.body !== undefined) headers['content-type'] = 'application/json';
  if (req.token) headers.authorization = `Bearer ${req.token}`;
  let res: Response;
  try {
    res = await fetch(`${baseUrl}${path}`, {
      method: req.method ?? 'GET',
      headers,
      body: req.body === undefined ? undefined : JSON.stringify(req.body),
      signal: req.signal,
    });
  } catch {
    throw new ApiError(0, req.fallbackMessage);
  }
  if (res.status === 204) return undefined as T;
  let body: unknown = undefined;
  try {
    body = await res.json();
  } catch {
    body = undefined;
  }
  if (!res.ok) {
    if (isApiErrorBody(body)) {
      throw new ApiError(res.status, body.message || req.fallbackMessage, body.code, body.details);
    }
    throw new ApiError(res.status, req.fallbackMessage);
  }
  if (typeof body === 'object' && body !== null && 'error' in body && body.error) {
    const b = body as { error: unknown; message?: unknown };
    const message =
      typeof b.message === 'string' && b.message
        ? b.message
        : typeof b.error === 'string'
          ? b.error
          : req.fallbackMessage;
    throw new ApiError(res.status, message);
  }
  return body as T;
}
