import { act, screen } from '@testing-library/react';
import i18next from 'i18next';
import { makeUser } from '../../testing/fixtures';
import { renderApp, signedInState } from '../../testing/render';
import { setSystemColorScheme } from '../../testing/viewport';
import { COLOR_SCHEME_KEY } from '../color-scheme';

const scheme = () => document.documentElement.getAttribute('data-color-scheme');

describe('dark mode switch', () => {
  afterEach(async () => {
    setSystemColorScheme('light');
    localStorage.clear();
    await act(async () => {
      await i18next.changeLanguage('es');
    });
  });

  it('follows a light system, switches to dark from the app bar with the keyboard and remembers it', async () => {
    const app = renderApp({ url: '/', preloadedState: signedInState(makeUser()) });
    // The first test to mount the default layout waits for its lazy chunk.
    const toggle = await screen.findByRole('switch', { name: 'Modo oscuro' }, { timeout: 5000 });
    expect(toggle).not.toBeChecked();
    expect(scheme()).toBe('light');

    toggle.focus();
    await app.user.keyboard('{Enter}');
    expect(screen.getByRole('switch', { name: 'Modo oscuro' })).toBeChecked();
    expect(scheme()).toBe('dark');
    expect(localStorage.getItem(COLOR_SCHEME_KEY)).toBe('dark');

    // Back to the system's own scheme: the page follows the system again.
    await app.user.keyboard(' ');
    expect(screen.getByRole('switch', { name: 'Modo oscuro' })).not.toBeChecked();
    expect(scheme()).toBe('light');
    expect(localStorage.getItem(COLOR_SCHEME_KEY)).toBe('system');
  });

  it('starts dark on a dark system, and light when light was chosen there', async () => {
    setSystemColorScheme('dark');
    const first = renderApp({ url: '/', preloadedState: signedInState(makeUser()) });
    expect(await screen.findByRole('switch', { name: 'Modo oscuro' })).toBeChecked();
    expect(scheme()).toBe('dark');
    first.unmount();

    localStorage.setItem(COLOR_SCHEME_KEY, 'light');
    renderApp({ url: '/', preloadedState: signedInState(makeUser()) });
    expect(await screen.findByRole('switch', { name: 'Modo oscuro' })).not.toBeChecked();
    expect(scheme()).toBe('light');
  });

  it('is labelled "Dark mode" in English', async () => {
    await act(async () => {
      await i18next.changeLanguage('en');
    });
    renderApp({ url: '/', preloadedState: signedInState(makeUser()) });
    expect(await screen.findByRole('switch', { name: 'Dark mode' })).toBeInTheDocument();
  });
});
