import { useLayoutEffect } from 'react';

/**
 * SPEC §2: the document title is just the page's title. A layout effect, so that a page's own
 * `useDocumentTitle` from `@gestion/shared/react` (a passive effect: "Usuarios", "Informe: …"),
 * which React runs after every layout effect of the same commit, has the last word.
 */
export function useDocumentTitle(title: string | undefined): void {
  useLayoutEffect(() => {
    if (title) document.title = title;
  }, [title]);
}
