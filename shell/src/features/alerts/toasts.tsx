/**
 * Toasts without notistack on the first paint: notistack (and the toast component) download the
 * first time something is shown — an alert, the new-release offer — not with the shell. A first
 * visit to /login shows none until the visitor signs in (bench/results/bundle-size.md).
 *
 * `useToasts().show(fn)` runs `fn` with notistack's `enqueueSnackbar`/`closeSnackbar` once its
 * provider is mounted, mounting it first when needed; calls made meanwhile run in order.
 */
import {
  Component,
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import type { Toaster } from './components/ToastRoot';

const ToastRoot = lazy(() => import('./components/ToastRoot'));

/** A toast chunk that fails to download (a new release replaced it) shows no toast, nothing more. */
class NoToastsOnError extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

export interface Toasts {
  /** Runs `fn` with notistack's functions, loading and mounting its provider first if needed. */
  show: (fn: (toaster: Toaster) => void) => void;
}

const ToastsContext = createContext<Toasts | null>(null);

/** Where toasts render; put it once, around the app (AppProviders). */
export function ToastsProvider({ children }: { children: ReactNode }) {
  const [mounted, setMounted] = useState(false);
  const toaster = useRef<Toaster | null>(null);
  const pending = useRef<((t: Toaster) => void)[]>([]);

  const show = useCallback((fn: (t: Toaster) => void) => {
    if (toaster.current) {
      fn(toaster.current);
      return;
    }
    pending.current.push(fn);
    setMounted(true);
  }, []);

  const onReady = useCallback((t: Toaster) => {
    toaster.current = t;
    const queued = pending.current;
    pending.current = [];
    for (const fn of queued) fn(t);
  }, []);

  const value = useMemo(() => ({ show }), [show]);
  return (
    <ToastsContext.Provider value={value}>
      {children}
      {mounted && (
        <NoToastsOnError>
          <Suspense fallback={null}>
            <ToastRoot onReady={onReady} />
          </Suspense>
        </NoToastsOnError>
      )}
    </ToastsContext.Provider>
  );
}

/**
 * The toasts of the surrounding ToastsProvider.
 * @throws Error outside a ToastsProvider.
 */
export function useToasts(): Toasts {
  const toasts = useContext(ToastsContext);
  if (!toasts) throw new Error('useToasts must be used inside ToastsProvider');
  return toasts;
}
