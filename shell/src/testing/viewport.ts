/**
 * jsdom has no layout and no matchMedia: this answers width media queries (the only kind MUI's
 * breakpoints ask) as if the window were `width` pixels wide.
 */
export function setViewportWidth(width: number): void {
  const matches = (query: string) =>
    query.split(/\s+and\s+/).every((part) => {
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
