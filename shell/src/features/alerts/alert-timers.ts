/**
 * Removes each alert by id when its timeout runs out (SPEC §4), pausing the countdown while the
 * pointer is on its toast or the window has no focus (SPEC §9). A middleware rather than
 * notistack's own auto-hide so the store and the screen can never disagree about which alerts
 * exist: the toast closes because the alert left the store, never the other way round.
 */
import type { Middleware } from '@reduxjs/toolkit';
import {
  alertAdded,
  alertHovered,
  alertRemoved,
  alertsCleared,
  alertUnhovered,
  windowBlurred,
  windowFocused,
} from './alerts-slice';

interface Countdown {
  remaining: number;
  startedAt: number;
  handle: ReturnType<typeof setTimeout> | null;
  hovered: boolean;
}

export function createAlertTimersMiddleware(): Middleware {
  const countdowns = new Map<string, Countdown>();
  let windowHasFocus = true;

  return (api) => {
    const stop = (c: Countdown) => {
      if (c.handle === null) return;
      clearTimeout(c.handle);
      c.handle = null;
      c.remaining = Math.max(0, c.remaining - (Date.now() - c.startedAt));
    };
    const run = (id: string, c: Countdown) => {
      if (c.handle !== null || c.hovered || !windowHasFocus) return;
      c.startedAt = Date.now();
      c.handle = setTimeout(() => {
        countdowns.delete(id);
        api.dispatch(alertRemoved(id));
      }, c.remaining);
    };
    const forget = (id: string) => {
      const c = countdowns.get(id);
      if (c?.handle != null) clearTimeout(c.handle);
      countdowns.delete(id);
    };

    return (next) => (action) => {
      const result = next(action);
      if (alertAdded.match(action)) {
        const { id, timeout } = action.payload;
        if (timeout > 0) {
          const c: Countdown = { remaining: timeout, startedAt: 0, handle: null, hovered: false };
          countdowns.set(id, c);
          run(id, c);
        }
      } else if (alertRemoved.match(action)) {
        forget(action.payload);
      } else if (alertsCleared.match(action)) {
        [...countdowns.keys()].forEach(forget);
      } else if (alertHovered.match(action)) {
        const c = countdowns.get(action.payload);
        if (c) {
          c.hovered = true;
          stop(c);
        }
      } else if (alertUnhovered.match(action)) {
        const c = countdowns.get(action.payload);
        if (c) {
          c.hovered = false;
          run(action.payload, c);
        }
      } else if (windowBlurred.match(action)) {
        windowHasFocus = false;
        countdowns.forEach(stop);
      } else if (windowFocused.match(action)) {
        windowHasFocus = true;
        countdowns.forEach((c, id) => run(id, c));
      }
      return result;
    };
  };
}
