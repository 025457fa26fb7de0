// Module Federation needs an async boundary before any shared module is used: the shared
// singletons (React, the router, the store…) are negotiated while this import loads. The first
// route's remote starts downloading meanwhile (preload.ts), not after React has arrived.
import { preloadFirstRoute } from './features/remotes/preload';

preloadFirstRoute();
void import('./bootstrap');
