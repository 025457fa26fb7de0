/**
 * jsdom lays nothing out, so MUI X Charts measure their container at 0 px and draw no bars or
 * lines. This gives every element inside a `<figure>` (where `InformeChart` draws) a width and a
 * height through `getComputedStyle`, the one thing the charts read; the chart itself runs for real.
 * Call it at the top of a test file; it restores the original after the file.
 */
export function giveChartsASize(width = 640, height = 320): void {
  let spy: jest.SpyInstance | undefined;
  beforeAll(() => {
    const original = window.getComputedStyle.bind(window);
    spy = jest.spyOn(window, 'getComputedStyle').mockImplementation((element, pseudo) => {
      const style = original(element, pseudo);
      if (!(element instanceof HTMLElement) || !element.closest('figure')) return style;
      return new Proxy(style, {
        get(target, prop) {
          if (prop === 'width') return `${width}px`;
          if (prop === 'height') return `${height}px`;
          const value: unknown = Reflect.get(target, prop);
          return typeof value === 'function' ? (value as () => unknown).bind(target) : value;
        },
      });
    });
  });
  afterAll(() => spy?.mockRestore());
}
