/**
 * How the Usuarios list and the user page (issue #14) hand over the list's URL search, so "Volver
 * a Usuarios" returns to the same search, filters, sort and page: the list's name link puts its
 * `location.search` in the router state as `lista`; the page reads it back. Only a search string
 * (`?…`) is taken, so a state from elsewhere never becomes part of a URL.
 */

/** The router state the list's name link sets. */
export interface ListLinkState {
  lista: string;
}

/** `{lista: search}` for the name link; undefined when the list has no search to keep. */
export function listLinkState(search: string): ListLinkState | undefined {
  return search.startsWith('?') && search.length > 1 ? { lista: search } : undefined;
}

/** The list's search kept in `state` (`?q=ana&page=2`), or '' when there is none. */
export function listSearchOf(state: unknown): string {
  const lista = (state as Partial<ListLinkState> | null)?.lista;
  return typeof lista === 'string' && lista.startsWith('?') && !/[#\s]/.test(lista) ? lista : '';
}

/** The user page's path: `/configuracion/usuarios/<id>`. */
export function usuarioPath(id: number): string {
  return `/configuracion/usuarios/${encodeURIComponent(String(id))}`;
}
