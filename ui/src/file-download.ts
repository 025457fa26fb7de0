/**
 * File downloads (CSV exports) through the same client path as every other call (issue #14):
 * shared's one RTK Query api, so the request carries the stored Bearer token, goes to the
 * run-time `apiBaseUrl`, and a 401 ends the session once like any other call (base-api.ts), a
 * 403 PASSWORD_CHANGE_REQUIRED sends the user to change it. A plain link could not carry the
 * token, so the file is fetched, kept as an object URL and saved through a temporary link.
 */
import { useCallback } from 'react';
import { baseApi } from '@gestion/shared/react/api';
import { readApiError } from './api-error';

/** One file to fetch: the api path with its query (`withQuery(...)`), and the type it accepts. */
export interface FileRequest {
  /** Path below the api base URL, e.g. `/api/usuarios/export?rol=admin`. */
  url: string;
  /** The `accept` header; `text/csv` unless said. */
  accept?: string;
}

/** What `useFileDownload`'s function takes: the request, the saved name and the fallback text. */
export interface DownloadOptions extends FileRequest {
  /** The name the browser saves the file under. */
  fileName: string;
  /** The message of the thrown error when the api gives none (the reader's language). */
  fallbackMessage: string;
}

const fileApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    gestionUiFetchFile: build.mutation<string, FileRequest>({
      query: ({ url, accept = 'text/csv' }) => ({
        url,
        headers: { accept },
        // The body becomes an object URL here, so the store keeps a string, never a Blob; an
        // error body stays the api's JSON for readApiError and the session middleware.
        responseHandler: async (res: Response) =>
          res.ok
            ? URL.createObjectURL(await res.blob())
            : ((await res.json().catch(() => undefined)) as unknown),
      }),
    }),
  }),
  // Each remote compiles the kit in and injects this same endpoint into the one shared api.
  overrideExisting: true,
});

/** Saves the object URL `href` as `fileName` through a temporary link, then revokes it. */
export function saveObjectUrl(href: string, fileName: string): void {
  try {
    const link = document.createElement('a');
    link.href = href;
    link.download = fileName;
    document.body.appendChild(link);
    link.click();
    link.remove();
  } finally {
    // Revoked on the next turn: some browsers start the download only after click() returns.
    setTimeout(() => URL.revokeObjectURL(href), 0);
  }
}

/**
 * A function that downloads one file from the api and saves it.
 * @throws ApiError (readApiError: the api's message in the reader's language, or
 *   `fallbackMessage`) when the call fails; a 401 has then already ended the session.
 */
export function useFileDownload(): (options: DownloadOptions) => Promise<void> {
  const [fetchFile] = fileApi.useGestionUiFetchFileMutation();
  return useCallback(
    async ({ fileName, fallbackMessage, ...request }: DownloadOptions) => {
      let href: string;
      try {
        href = await fetchFile(request).unwrap();
      } catch (error) {
        throw readApiError(error, fallbackMessage);
      }
      saveObjectUrl(href, fileName);
    },
    [fetchFile],
  );
}
