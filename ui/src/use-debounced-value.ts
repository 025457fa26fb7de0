import { useEffect, useState } from 'react';

/**
 * `value`, updated only once it has stayed the same for `delayMs` (a search box asks the server
 * after the user pauses typing, not on every key).
 */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}
