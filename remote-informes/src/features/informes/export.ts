/**
 * The file name of a report's CSV export (issue #6); the download itself is the kit's
 * `useFileDownload` (`@gestion/ui`), through the same client path as every other call.
 */

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
