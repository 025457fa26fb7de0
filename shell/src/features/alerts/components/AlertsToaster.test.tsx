import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '../../../testing/render';
import { alertAdded, alertRemoved, selectAlerts } from '../alerts-slice';
import { dragDismisses } from './DraggableSnackbar';

// jsdom has no PointerEvent; a MouseEvent carrying a pointerId is all the toast reads.
if (typeof window.PointerEvent === 'undefined') {
  class PointerEventPolyfill extends MouseEvent {
    readonly pointerId: number;
    constructor(type: string, init: PointerEventInit = {}) {
      super(type, init);
      this.pointerId = init.pointerId ?? 1;
    }
  }
  window.PointerEvent = PointerEventPolyfill as unknown as typeof PointerEvent;
}

describe('toasts', () => {
  it('shows exactly one toast per alert and closes it when the alert is removed', async () => {
    const { store } = renderWithProviders(<div />);
    act(() => {
      store.dispatch(alertAdded({ message: 'Bienvenido de nuevo', type: 'success', id: 'a1' }));
    });
    expect(await screen.findAllByText('Bienvenido de nuevo')).toHaveLength(1);
    act(() => {
      store.dispatch(alertRemoved('a1'));
    });
    await waitFor(() => expect(screen.queryByText('Bienvenido de nuevo')).not.toBeInTheDocument());
  });

  it('removes the alert when its close button is pressed', async () => {
    const { store, user } = renderWithProviders(<div />);
    act(() => {
      store.dispatch(alertAdded({ message: 'Sesión cerrada', id: 'a2', timeout: 0 }));
    });
    await user.click(await screen.findByRole('button', { name: 'Cerrar notificación' }));
    expect(selectAlerts(store.getState())).toEqual([]);
  });

  it('is dismissed by dragging 60 % of its width, and springs back from less', async () => {
    expect(dragDismisses(59, 100)).toBe(false);
    expect(dragDismisses(60, 100)).toBe(true);
    expect(dragDismisses(-60, 100)).toBe(true);

    const { store } = renderWithProviders(<div />);
    act(() => {
      store.dispatch(alertAdded({ message: 'Arrástrame', id: 'a3', timeout: 0 }));
    });
    const toast = (await screen.findByText('Arrástrame')).closest('.MuiAlert-root') as HTMLElement;
    toast.getBoundingClientRect = () => ({ width: 300 }) as DOMRect;
    const drag = (to: number) => {
      fireEvent.pointerDown(toast, { clientX: 0, pointerId: 1, button: 0 });
      fireEvent.pointerMove(toast, { clientX: to, pointerId: 1 });
      fireEvent.pointerUp(toast, { clientX: to, pointerId: 1 });
    };
    drag(150); // 50 %
    expect(selectAlerts(store.getState())).toHaveLength(1);
    drag(180); // 60 %
    expect(selectAlerts(store.getState())).toHaveLength(0);
  });

  it('keeps a hovered toast past its timeout and removes it once the pointer leaves', async () => {
    const { store } = renderWithProviders(<div />);
    // The window has no focus (jsdom starts so) while the toast appears: its countdown waits, so
    // a slow machine cannot let it run out before the pointer gets there.
    act(() => {
      window.dispatchEvent(new Event('blur'));
      store.dispatch(alertAdded({ message: 'Quieta', id: 'a4', timeout: 50 }));
    });
    const toast = (await screen.findByText('Quieta')).closest('.MuiAlert-root') as HTMLElement;
    fireEvent.mouseEnter(toast);
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    await act(() => new Promise((r) => setTimeout(r, 120)));
    expect(selectAlerts(store.getState())).toHaveLength(1);
    fireEvent.mouseLeave(toast);
    await act(() => new Promise((r) => setTimeout(r, 120)));
    expect(selectAlerts(store.getState())).toHaveLength(0);
  });

  it('pauses while the window has no focus', async () => {
    const { store } = renderWithProviders(<div />);
    act(() => {
      window.dispatchEvent(new Event('focus'));
      store.dispatch(alertAdded({ message: 'Espera', id: 'a5', timeout: 50 }));
      window.dispatchEvent(new Event('blur'));
    });
    await act(() => new Promise((r) => setTimeout(r, 120)));
    expect(selectAlerts(store.getState())).toHaveLength(1);
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    await act(() => new Promise((r) => setTimeout(r, 120)));
    expect(selectAlerts(store.getState())).toHaveLength(0);
  });
});
