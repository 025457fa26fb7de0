import { useEffect, useRef, type RefObject } from 'react';
import { useLocation } from 'react-router-dom';

/** How long a page still loading (lazy chunk, translations, first query) may take to show its h1. */
const WAIT_FOR_HEADING_MS = 5000;

// The location whose heading already took focus, kept across remounts of the layout (default ⇄
// mobile when the window crosses 600 px) so a resize does not move focus.
let handledKey: string | undefined;

function focusHeading(main: HTMLElement): boolean {
  const h1 = main.querySelector('h1');
  if (!h1) return false;
  if (!h1.hasAttribute('tabindex')) h1.setAttribute('tabindex', '-1');
  h1.focus();
  return true;
}

/**
 * After a client-side navigation, focus goes to the new page's h1 (or to `<main>` while the page
 * has none yet), so a screen reader announces where the user is instead of staying on a link that
 * is gone. Not on the first load (the router's initial location key is 'default'): the browser
 * starts at the top of the document as usual. Not when a tab changed the URL (the /configuracion
 * tabs): the ARIA tabs pattern keeps focus on the tab. Only pathname changes count; a list's
 * filters in the query string leave focus where it is.
 */
export function useFocusOnNavigation(mainRef: RefObject<HTMLElement | null>): void {
  const { pathname, key } = useLocation();
  const keyRef = useRef(key);
  keyRef.current = key;

  useEffect(() => {
    const current = keyRef.current;
    const main = mainRef.current;
    if (current === 'default' || current === handledKey || !main) return;
    handledKey = current;
    if (document.activeElement?.getAttribute('role') === 'tab') return;
    if (focusHeading(main)) return;
    main.focus();
    // The page is still loading: its h1 takes focus when it appears, unless the user moved on.
    const observer = new MutationObserver(() => {
      if (document.activeElement !== main || focusHeading(main)) observer.disconnect();
    });
    observer.observe(main, { childList: true, subtree: true });
    const timer = setTimeout(() => observer.disconnect(), WAIT_FOR_HEADING_MS);
    return () => {
      observer.disconnect();
      clearTimeout(timer);
    };
  }, [pathname, mainRef]);
}
