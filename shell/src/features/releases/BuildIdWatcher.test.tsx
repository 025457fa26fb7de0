import { act, screen } from '@testing-library/react';
import { renderWithProviders } from '../../testing/render';
import { BuildIdWatcher } from './BuildIdWatcher';

describe('new release check (DESIGN.md §5)', () => {
  afterEach(() => jest.useRealTimers());

  it('polls /build-id.json and offers a reload when the build id changes', async () => {
    jest.useFakeTimers();
    let buildId = 'build-1';
    const fetchMock = jest.fn(() =>
      Promise.resolve({ ok: true, status: 200, json: () => Promise.resolve({ buildId }) } as Response),
    );
    globalThis.fetch = fetchMock;
    const reload = jest.fn();
    renderWithProviders(<BuildIdWatcher pollMs={60_000} reload={reload} />);
    await act(async () => {
      await jest.advanceTimersByTimeAsync(60_000);
    });
    expect(screen.queryByText('Hay una nueva versión de la aplicación.')).not.toBeInTheDocument();

    buildId = 'build-2';
    await act(async () => {
      await jest.advanceTimersByTimeAsync(60_000);
    });
    expect(fetchMock).toHaveBeenCalledWith('/build-id.json', expect.objectContaining({ cache: 'no-store' }));
    expect(screen.getByText('Hay una nueva versión de la aplicación.')).toBeInTheDocument();
    act(() => screen.getByRole('button', { name: 'Recargar' }).click());
    expect(reload).toHaveBeenCalledTimes(1);

    // offered once, and it stays (persistent)
    await act(async () => {
      await jest.advanceTimersByTimeAsync(10 * 60_000);
    });
    expect(screen.getAllByText('Hay una nueva versión de la aplicación.')).toHaveLength(1);
  });
});
