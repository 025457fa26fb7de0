import { act, screen } from '@testing-library/react';
import i18next from 'i18next';
import InformesPage from '../features/informes/components/InformesPage';
import { makeUser, renderPage, signedIn } from '../testing/render';
import en from './en.json';
import es from './es.json';
import { NAMESPACE } from './namespace';

/** Every leaf key of a translation bundle, as `a.b.c`. */
function keysOf(bundle: object, prefix = ''): string[] {
  return Object.entries(bundle).flatMap(([key, value]) =>
    value && typeof value === 'object'
      ? keysOf(value as object, `${prefix}${key}.`)
      : [`${prefix}${key}`],
  );
}

describe('remote-informes translations', () => {
  afterEach(async () => {
    await act(() => i18next.changeLanguage('es'));
  });

  it('has the same keys in Spanish and English', () => {
    expect(keysOf(en).sort()).toEqual(keysOf(es).sort());
  });

  it('loads the bundle with the page when the shell does not have it yet', async () => {
    i18next.removeResourceBundle('es', NAMESPACE);
    renderPage(<InformesPage />, { url: '/informes', auth: signedIn(makeUser()) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Informes' })).toBeInTheDocument();
  });

  it('speaks English when the shell switches language', async () => {
    await act(() => i18next.changeLanguage('en'));
    renderPage(<InformesPage />, { url: '/informes', auth: signedIn(makeUser()) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Reports' })).toBeInTheDocument();
    expect(screen.getByText('Your permission: informes:ver')).toBeInTheDocument();
  });
});
