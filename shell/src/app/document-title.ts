import { useEffect } from 'react';

/** SPEC §2: the document title is just the page's title. */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);
}
