/**
 * Alerts (SPEC §3, §4, §9): `{id, message, type, timeout}`; type `info` and 5000 ms by default;
 * added, removed by id, or all cleared. The slice only holds them; `alert-timers.ts` removes each
 * one by id when its timeout runs out (never when the timeout is ≤ 0) and the toaster shows them.
 */
import { createSlice, nanoid, type PayloadAction } from '@reduxjs/toolkit';
import { ALERT_DEFAULT_TIMEOUT_MS, ALERT_DEFAULT_TYPE } from '@gestion/shared';
import type { AlertType } from '@gestion/shared/react';

export interface Alert {
  /** Random string (SPEC §3). */
  id: string;
  message: string;
  type: AlertType;
  /** Milliseconds before it is removed; ≤ 0 never auto-removes. */
  timeout: number;
}

export interface AlertInput {
  message: string;
  type?: AlertType;
  timeout?: number;
  id?: string;
}

export interface AlertsState {
  items: Alert[];
}

const initialState: AlertsState = { items: [] };

export const alertsSlice = createSlice({
  name: 'alerts',
  initialState,
  reducers: {
    added: {
      reducer(state, action: PayloadAction<Alert>) {
        state.items.push(action.payload);
      },
      prepare(input: AlertInput) {
        return {
          payload: {
            id: input.id ?? nanoid(),
            message: input.message,
            type: input.type ?? ALERT_DEFAULT_TYPE,
            timeout: input.timeout ?? ALERT_DEFAULT_TIMEOUT_MS,
          },
        };
      },
    },
    removed(state, action: PayloadAction<string>) {
      state.items = state.items.filter((a) => a.id !== action.payload);
    },
    cleared(state) {
      state.items = [];
    },
    /** The pointer rests on the toast of alert `id`: its countdown stops (SPEC §9). */
    hovered(_state, _action: PayloadAction<string>) {},
    /** The pointer left the toast of alert `id`: its countdown goes on. */
    unhovered(_state, _action: PayloadAction<string>) {},
    /** The window lost focus: every countdown stops (SPEC §9). */
    windowBlurred() {},
    /** The window has focus again: countdowns go on. */
    windowFocused() {},
  },
  selectors: {
    selectAlerts: (state) => state.items,
  },
});

export const {
  added: alertAdded,
  removed: alertRemoved,
  cleared: alertsCleared,
  hovered: alertHovered,
  unhovered: alertUnhovered,
  windowBlurred,
  windowFocused,
} = alertsSlice.actions;
export const { selectAlerts } = alertsSlice.selectors;
