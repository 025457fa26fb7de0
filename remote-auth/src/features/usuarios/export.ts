/**
 * CSV export of the users list (issue 4): `GET /api/usuarios/export` with the list's current
 * filters. A plain link cannot carry the Bearer header, so the file is fetched, turned into a
 * blob and saved through a temporary object URL.
 */
import { ApiError, isApiErrorBody } from '@gestion/shared';

/**
 * Downloads `${apiBaseUrl}/api/usuarios/export?…` as `usuarios.csv`.
 * @throws ApiError with the server's Spanish message (or `fallbackMessage`) when it fails.
 */
export async function downloadUsuariosCsv(options: {
  apiBaseUrl: string;
  token: string | null;
  params: Record<string, string>;
  fallbackMessage: string;
}): Promise<void> {
  const query = new URLSearchParams(options.params).toString();
  const url = `${options.apiBaseUrl}/api/usuarios/export${query ? `?${query}` : ''}`;
  let res: Response;
  try {
    res = await fetch(url, {
      headers: {
        accept: 'text/csv',
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      },
    });
  } catch {
    throw new ApiError(0, options.fallbackMessage);
  }
  if (!res.ok) {
    const body: unknown = await res.json().catch(() => undefined);
    throw new ApiError(res.status, isApiErrorBody(body) ? body.message : options.fallbackMessage);
  }
  const blob = await res.blob();
  const href = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = href;
    link.download = 'usuarios.csv';
    document.body.appendChild(link);
    link.click();
    link.remove();
  } finally {
    // Revoked on the next turn: some browsers start the download only after click() returns.
    setTimeout(() => URL.revokeObjectURL(href), 0);
  }
}
