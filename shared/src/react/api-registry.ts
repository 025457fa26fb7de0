/**
 * How the RTK Query api reaches the shell's store without the shell importing it: the api
 * (`@gestion/shared/react/api`) announces itself here when a page that uses it loads, and the
 * shell's store adds its reducer and middleware at that moment — before that page renders, since
 * a module is evaluated before any component it exports. The first visit to /login, whose page
 * needs no RTK Query, so never downloads it (bench/results/bundle-size.md).
 *
 * This module is part of the `@gestion/shared/react` singleton, so the shell and every remote
 * see one registry.
 */
import type { Middleware, Reducer, UnknownAction } from '@reduxjs/toolkit';

/** The parts of an RTK Query api (`createApi`'s result) a store needs to run it. */
export interface RegisteredApi {
  reducerPath: string;
  reducer: Reducer;
  middleware: Middleware;
  util: { resetApiState: () => UnknownAction };
}

type Listener = (api: RegisteredApi) => void;

const apis: RegisteredApi[] = [];
const listeners = new Set<Listener>();

/** Announces `api` (called once by the module that creates it) to every store, now and later. */
export function registerApi(api: RegisteredApi): void {
  if (apis.includes(api)) return;
  apis.push(api);
  for (const listener of listeners) listener(api);
}

/**
 * Calls `listener` with every api registered so far, at once, and with each one registered later.
 * @returns a function that stops the later calls.
 */
export function onApiRegistered(listener: Listener): () => void {
  listeners.add(listener);
  for (const api of apis) listener(api);
  return () => {
    listeners.delete(listener);
  };
}
