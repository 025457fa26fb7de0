/**
 * What an error may put in a log line (issue #2: no stack trace, SQL, hash or password in any
 * response or log line): its class, message and driver code. Driver messages name constraints
 * and columns, never the statement or bound values.
 */
export function errorSummary(err: unknown): { type: string; message: string; code?: string } {
  if (err instanceof Error) {
    const code = (err as { code?: unknown }).code;
    return typeof code === 'string' || typeof code === 'number'
      ? { type: err.name, message: err.message, code: String(code) }
      : { type: err.name, message: err.message };
  }
  return { type: typeof err, message: 'non-Error value thrown' };
}
