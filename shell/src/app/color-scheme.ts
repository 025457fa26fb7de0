/**
 * The light/dark choice's storage key and `<html>` attribute, in a module of its own with no
 * imports: index.ts reads the stored choice before the bundle's first-paint chunk (MUI, React)
 * has even downloaded, and must not pull MUI into main.js to do it.
 */

/**
 * Where the visitor's choice is kept, like the locale's `localStorage.locale` (LOCALE_KEY):
 * `localStorage[COLOR_SCHEME_KEY]` = `light`, `dark` or `system` (absent: `system`). MUI's
 * ThemeProvider reads and writes it (providers.tsx, `modeStorageKey`).
 */
export const COLOR_SCHEME_KEY = 'colorScheme';

/** `<html data-color-scheme="dark">`: which set of the theme's CSS variables applies. */
export const COLOR_SCHEME_ATTRIBUTE = 'data-color-scheme';

/**
 * Puts a stored explicit choice on `<html>` at once, so index.html's placeholder (which follows
 * `prefers-color-scheme` by CSS otherwise) is painted in the chosen scheme while React loads.
 * The CSP forbids inline scripts, so this runs first thing in main.js instead of in the page.
 */
export function applyStoredColorScheme(): void {
  try {
    const mode = window.localStorage.getItem(COLOR_SCHEME_KEY);
    if (mode === 'light' || mode === 'dark')
      document.documentElement.setAttribute(COLOR_SCHEME_ATTRIBUTE, mode);
  } catch {
    // storage blocked: the system's scheme, by CSS
  }
}
