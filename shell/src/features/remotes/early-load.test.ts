import { testRemotes } from '../../testing/fixtures';
import type { PageRoute } from '@gestion/shared/react';
import { startEarly } from './early-load';

describe('loading remotes before React renders', () => {
  it('starts every remote at once, hands each first result over, and warms the current page', async () => {
    const page = jest.fn(() => Promise.resolve({ default: () => null }));
    const eventos: PageRoute = { path: '/eventos/:id/periodos', page, title: { es: 'P', en: 'P' } };
    const load = jest.fn((remote: (typeof testRemotes)[number]) =>
      Promise.resolve(remote.name === 'remote_eventos' ? [eventos] : []),
    );
    const loader = startEarly(testRemotes, load, '/eventos/4/periodos');
    expect(load).toHaveBeenCalledTimes(3);
    await expect(loader(testRemotes[1]!, false)).resolves.toEqual([eventos]);
    expect(load).toHaveBeenCalledTimes(3);
    expect(page).toHaveBeenCalledTimes(1);
    // a retry (or a later call) loads again
    await loader(testRemotes[1]!, true);
    expect(load).toHaveBeenLastCalledWith(testRemotes[1], true);
  });

  it('does not leave an unhandled rejection when a remote is down', async () => {
    const load = jest.fn(() => Promise.reject(new Error('down')));
    const loader = startEarly(testRemotes.slice(0, 1), load, '/');
    await expect(loader(testRemotes[0]!, false)).rejects.toThrow('down');
  });
});

describe('a signed-out first visit', () => {
  it('starts only the remote that owns the current path', () => {
    const load = jest.fn(() => Promise.resolve([]));
    startEarly(testRemotes, load, '/login', false);
    expect(load).toHaveBeenCalledTimes(1);
    expect(load).toHaveBeenCalledWith(expect.objectContaining({ name: 'remote_auth' }), false);
  });
});
