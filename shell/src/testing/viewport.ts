let systemScheme: 'light' | 'dark' = 'light';

/**
 * The scheme `(prefers-color-scheme: dark)` answers from the next `setViewportWidth` on (light
 * unless a test says otherwise).
 */
export function setSystemColorScheme(scheme: 'light' | 'dark'): void {
  systemScheme = scheme;
}

/**
 * jsdom has no layout and no matchMedia: this answers width media queries (the only kind MUI's
 * breakpoints ask) as if the window were `width` pixels wide, and `prefers-color-scheme` as
 * `setSystemColorScheme` said.
 */
export function setViewportWidth(width: number): void {
  const matches = (query: string) =>
    query.includes('prefers-color-scheme')
      ? query.includes(systemScheme)
      : query.split(/\s+and\s+/).every((part) => {
          const m = /\((min|max)-width:\s*([\d.]+)px\)/.exec(part);
          if (!m) return true;
          const bound = Number(m[2]);
          return m[1] === 'min' ? width >= bound : width <= bound;
        });
  window.matchMedia = (query: string) =>
    ({
      matches: matches(query),
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
}
