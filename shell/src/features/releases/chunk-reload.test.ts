import { isChunkLoadError, reloadOnce, RELOAD_STAMP_KEY } from './chunk-reload';

function memoryStorage() {
  const data = new Map<string, string>();
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v) };
}

describe('reload on chunk-load errors (SPEC §9)', () => {
  it('recognises chunk-load errors', () => {
    const chunk = Object.assign(new Error('Loading chunk 123 failed.'), { name: 'ChunkLoadError' });
    expect(isChunkLoadError(chunk)).toBe(true);
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /x.js'))).toBe(true);
    expect(isChunkLoadError(new Error('boom'))).toBe(false);
    expect(isChunkLoadError('Loading chunk 1 failed')).toBe(false);
  });

  it('reloads once, and not again within 10 seconds', () => {
    const storage = memoryStorage();
    const reload = jest.fn();
    expect(reloadOnce(reload, 1_000_000, storage)).toBe(true);
    expect(storage.getItem(RELOAD_STAMP_KEY)).toBe('1000000');
    expect(reloadOnce(reload, 1_009_999, storage)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(reloadOnce(reload, 1_010_000, storage)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });
});
