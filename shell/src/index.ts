// Module Federation needs an async boundary before any shared module is used: the shared
// singletons (React, the router, the store…) are negotiated while this import loads. The first
// route's remote starts downloading meanwhile (preload.ts), not after React has arrived.
import { applyStoredColorScheme } from './app/color-scheme';
import { preloadFirstRoute } from './features/remotes/preload';

applyStoredColorScheme();
preloadFirstRoute();
// In a task of its own: the federation runtime's start-up and the remote's preload (above) and the
// shared modules' negotiation (below) made one long task together (Lighthouse TBT).
setTimeout(() => void import('./bootstrap'), 0);
