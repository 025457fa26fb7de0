/**
 * One toast (SPEC §9): an MUI Alert that can be dragged sideways and is dismissed once it has
 * travelled 60 % of its width (TOASTS.dragDismissRatio); released earlier, it springs back.
 * Hovering pauses its countdown (alerts/hovered). Keyboard users close it with its button.
 */
import { forwardRef, useRef, useState, type PointerEvent } from 'react';
import Alert from '@mui/material/Alert';
import IconButton from '@mui/material/IconButton';
import CloseIcon from '@mui/icons-material/Close';
import { SnackbarContent, closeSnackbar, type CustomContentProps } from 'notistack';
import { useTranslation } from 'react-i18next';
import { TOASTS } from '@gestion/shared';
import type { AlertType } from '@gestion/shared/react';
import { useAppDispatch } from '../../../app/hooks';
import { alertHovered, alertRemoved, alertUnhovered } from '../alerts-slice';

/** True when a drag of `dx` pixels over a toast `width` pixels wide dismisses it. */
export function dragDismisses(dx: number, width: number): boolean {
  return width > 0 && Math.abs(dx) >= width * TOASTS.dragDismissRatio;
}

const severityOf = (variant: string): AlertType =>
  variant === 'success' || variant === 'error' || variant === 'warning' ? variant : 'info';

export const DraggableSnackbar = forwardRef<HTMLDivElement, CustomContentProps>(function DraggableSnackbar(
  { id, message, variant, action, style, className },
  ref,
) {
  const { t } = useTranslation('shell');
  const dispatch = useAppDispatch();
  const drag = useRef<{ x: number; width: number; pointer: number } | null>(null);
  const [dx, setDx] = useState(0);
  const key = String(id);

  const dismiss = () => {
    dispatch(alertRemoved(key)); // the toaster closes the toast when the alert leaves the store
    closeSnackbar(id); // toasts that are not alerts (the new-release offer) close here
  };

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.button !== 0 || (e.target as HTMLElement).closest('button')) return;
    drag.current = { x: e.clientX, width: e.currentTarget.getBoundingClientRect().width, pointer: e.pointerId };
    e.currentTarget.setPointerCapture?.(e.pointerId);
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (d && d.pointer === e.pointerId) setDx(e.clientX - d.x);
  };
  const onPointerEnd = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d || d.pointer !== e.pointerId) return;
    drag.current = null;
    if (dragDismisses(e.clientX - d.x, d.width)) dismiss();
    else setDx(0);
  };

  const actionNode = typeof action === 'function' ? action(id) : action;
  const width = drag.current?.width ?? 1;
  return (
    <SnackbarContent ref={ref} style={style} className={className}>
      <Alert
        // Errors interrupt a screen reader; the rest wait their turn.
        role={variant === 'error' ? 'alert' : 'status'}
        severity={severityOf(variant)}
        variant="filled"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerEnd}
        onPointerCancel={onPointerEnd}
        onMouseEnter={() => dispatch(alertHovered(key))}
        onMouseLeave={() => dispatch(alertUnhovered(key))}
        action={
          <>
            {actionNode}
            <IconButton size="small" color="inherit" aria-label={t('toast.close')} onClick={dismiss}>
              <CloseIcon fontSize="small" />
            </IconButton>
          </>
        }
        sx={{
          width: '100%',
          minWidth: { xs: 'auto', sm: 320 },
          maxWidth: 'calc(100vw - 32px)',
          touchAction: 'pan-y',
          cursor: 'grab',
          userSelect: 'none',
          transform: `translateX(${dx}px)`,
          opacity: dx ? Math.max(0.3, 1 - Math.abs(dx) / width) : 1,
          transition: drag.current ? 'none' : 'transform 150ms ease-out, opacity 150ms ease-out',
        }}
      >
        {message}
      </Alert>
    </SnackbarContent>
  );
});
