import { useEffect } from 'react';

/**
 * Makes `title` the document title (SPEC §2: just the page's title, no suffix) while a page shows
 * something more precise than its route's `title`: a /configuracion tab, a report's name. The shell
 * sets the route's title in a layout effect, so this passive effect, run after it in the same
 * commit, wins. `undefined` (data still loading) leaves the route's title.
 */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);
}
