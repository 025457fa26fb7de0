/**
 * Navigation for code outside React (the auth thunks, the session middleware): the router
 * attaches its `navigate` here once it is mounted, so thunks never touch `window.location` and
 * tests can hand the store a fake.
 */
export interface NavigateOptions {
  replace?: boolean;
  /** The history entry's state (React Router's `location.state`), e.g. a second-step token. */
  state?: unknown;
}

export interface Navigator {
  navigate(to: string, options?: NavigateOptions): void;
  /** The current in-app path with its query, e.g. `/eventos?q=x`. */
  currentPath(): string;
}

export interface AttachableNavigator extends Navigator {
  /** Routes `navigate` to the router's function; returns the detach function. */
  attach(navigate: (to: string, options?: NavigateOptions) => void): () => void;
}

export function createNavigator(): AttachableNavigator {
  let target: ((to: string, options?: NavigateOptions) => void) | null = null;
  // A navigation asked for before the router is mounted is kept and replayed on attach.
  let pending: { to: string; options?: NavigateOptions } | null = null;
  return {
    navigate(to, options) {
      if (target) target(to, options);
      else pending = { to, options };
    },
    currentPath() {
      return `${window.location.pathname}${window.location.search}`;
    },
    attach(navigate) {
      target = navigate;
      if (pending) {
        const { to, options } = pending;
        pending = null;
        // Out of the effect that attached us: React may not flush a render from inside one.
        queueMicrotask(() => {
          if (target === navigate) navigate(to, options);
        });
      }
      return () => {
        if (target === navigate) target = null;
      };
    },
  };
}
