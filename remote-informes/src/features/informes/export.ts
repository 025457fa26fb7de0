/**
 * CSV export of a report's whole result (issue #6): `GET /api/informes/:id/resultado.csv
 * ?separador=`. A plain link cannot carry the Bearer header the api needs, so the file is
 * fetched, turned into a blob and saved through a temporary object URL (as remote-auth's users
 * export does).
 */
import { ApiError, isApiErrorBody, type ResultadoCsvQuery } from '@gestion/shared';

/** A file name from the report's name: letters, digits and dashes only, never empty. */
export function csvFileName(nombre: string, id: number): string {
  const slug = nombre
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
  return `${slug || `informe-${id}`}.csv`;
}

/**
 * Downloads `${apiBaseUrl}/api/informes/:id/resultado.csv?separador=…` as `fileName`.
 * @throws ApiError with the server's Spanish message (or `fallbackMessage`) when it fails.
 */
export async function downloadResultadoCsv(options: {
  apiBaseUrl: string;
  token: string | null;
  id: number;
  separador: NonNullable<ResultadoCsvQuery['separador']>;
  fileName: string;
  fallbackMessage: string;
}): Promise<void> {
  const query = new URLSearchParams({ separador: options.separador }).toString();
  const url = `${options.apiBaseUrl}/api/informes/${options.id}/resultado.csv?${query}`;
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
    link.download = options.fileName;
    document.body.appendChild(link);
    link.click();
    link.remove();
  } finally {
    // Revoked on the next turn: some browsers start the download only after click() returns.
    setTimeout(() => URL.revokeObjectURL(href), 0);
  }
}
