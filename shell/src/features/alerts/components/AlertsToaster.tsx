/**
 * Shows the alerts slice through notistack (SPEC §9): exactly one toast per alert, opened when it
 * enters the store and closed when it leaves it (its timeout, a drag, the close button, a clear).
 * notistack itself loads with the first alert (toasts.tsx).
 * Countdowns live in the store's alert-timers middleware; this only reports the window's focus,
 * which pauses them.
 */
import { useEffect, useRef } from 'react';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectAlerts, windowBlurred, windowFocused } from '../alerts-slice';
import { useToasts } from '../toasts';

export function AlertsToaster() {
  const alerts = useAppSelector(selectAlerts);
  const dispatch = useAppDispatch();
  const { show } = useToasts();
  const shown = useRef(new Set<string>());

  useEffect(() => {
    const ids = new Set(alerts.map((a) => a.id));
    for (const alert of alerts) {
      if (shown.current.has(alert.id)) continue;
      shown.current.add(alert.id);
      show(({ enqueueSnackbar }) =>
        enqueueSnackbar(alert.message, { key: alert.id, variant: alert.type, persist: true }),
      );
    }
    for (const id of [...shown.current]) {
      if (!ids.has(id)) {
        shown.current.delete(id);
        show(({ closeSnackbar }) => closeSnackbar(id));
      }
    }
  }, [alerts, show]);

  useEffect(() => {
    const blur = () => dispatch(windowBlurred());
    const focus = () => dispatch(windowFocused());
    window.addEventListener('blur', blur);
    window.addEventListener('focus', focus);
    if (typeof document.hasFocus === 'function' && !document.hasFocus()) blur();
    return () => {
      window.removeEventListener('blur', blur);
      window.removeEventListener('focus', focus);
    };
  }, [dispatch]);

  return null;
}
