import { makeStore } from '../../app/store';
import {
  alertAdded,
  alertHovered,
  alertRemoved,
  alertsCleared,
  alertUnhovered,
  selectAlerts,
  windowBlurred,
  windowFocused,
} from './alerts-slice';

function setup() {
  const store = makeStore();
  const messages = () => selectAlerts(store.getState()).map((a) => a.message);
  return { store, messages };
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('alerts (SPEC §3, §4, §9)', () => {
  it('defaults to type info and a 5000 ms timeout, with a random string id', () => {
    const { store } = setup();
    store.dispatch(alertAdded({ message: 'uno' }));
    store.dispatch(alertAdded({ message: 'dos', type: 'error', timeout: 1000 }));
    const [a, b] = selectAlerts(store.getState());
    expect(a).toMatchObject({ message: 'uno', type: 'info', timeout: 5000 });
    expect(b).toMatchObject({ message: 'dos', type: 'error', timeout: 1000 });
    expect(typeof a!.id).toBe('string');
    expect(a!.id).not.toHaveLength(0);
    expect(a!.id).not.toBe(b!.id);
  });

  it('removes an alert by id after the default 5000 ms, not before', () => {
    const { store, messages } = setup();
    store.dispatch(alertAdded({ message: 'hola' }));
    jest.advanceTimersByTime(4999);
    expect(messages()).toEqual(['hola']);
    jest.advanceTimersByTime(1);
    expect(messages()).toEqual([]);
  });

  it('honours each alert’s own timeout', () => {
    const { store, messages } = setup();
    store.dispatch(alertAdded({ message: 'corta', timeout: 1000 }));
    store.dispatch(alertAdded({ message: 'larga', timeout: 3000 }));
    jest.advanceTimersByTime(1000);
    expect(messages()).toEqual(['larga']);
    jest.advanceTimersByTime(2000);
    expect(messages()).toEqual([]);
  });

  it.each([0, -1])('never removes an alert whose timeout is %d', (timeout) => {
    const { store, messages } = setup();
    store.dispatch(alertAdded({ message: 'fija', timeout }));
    jest.advanceTimersByTime(24 * 60 * 60 * 1000);
    expect(messages()).toEqual(['fija']);
  });

  it('removes one alert by id and clears them all', () => {
    const { store, messages } = setup();
    store.dispatch(alertAdded({ message: 'a', id: 'id-a' }));
    store.dispatch(alertAdded({ message: 'b', id: 'id-b', timeout: 0 }));
    store.dispatch(alertAdded({ message: 'c', id: 'id-c' }));
    store.dispatch(alertRemoved('id-b'));
    expect(messages()).toEqual(['a', 'c']);
    store.dispatch(alertsCleared());
    expect(messages()).toEqual([]);
    // the cancelled countdowns do not fire later
    expect(jest.getTimerCount()).toBe(0);
  });

  it('pauses an alert’s countdown while its toast is hovered', () => {
    const { store, messages } = setup();
    store.dispatch(alertAdded({ message: 'x', id: 'x' }));
    jest.advanceTimersByTime(3000);
    store.dispatch(alertHovered('x'));
    jest.advanceTimersByTime(60_000);
    expect(messages()).toEqual(['x']);
    store.dispatch(alertUnhovered('x'));
    jest.advanceTimersByTime(1999);
    expect(messages()).toEqual(['x']);
    jest.advanceTimersByTime(1);
    expect(messages()).toEqual([]);
  });

  it('pauses every countdown while the window has no focus', () => {
    const { store, messages } = setup();
    store.dispatch(alertAdded({ message: 'x' }));
    jest.advanceTimersByTime(1000);
    store.dispatch(windowBlurred());
    store.dispatch(alertAdded({ message: 'y' }));
    jest.advanceTimersByTime(60_000);
    expect(messages()).toEqual(['x', 'y']);
    store.dispatch(windowFocused());
    jest.advanceTimersByTime(4000);
    expect(messages()).toEqual(['y']);
    jest.advanceTimersByTime(1000);
    expect(messages()).toEqual([]);
  });
});
