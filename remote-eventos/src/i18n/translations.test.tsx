import { act, screen } from '@testing-library/react';
import i18next from 'i18next';
import { translationKeys } from '@gestion/ui/testing';
import EventosPage from '../features/eventos/components/EventosPage';
import { mockFetch } from '@gestion/shared/testing';
import { makeEvento, page } from '../testing/fixtures';
import { makeUser, renderPage, signedIn } from '../testing/render';
import en from './en.json';
import es from './es.json';
import { NAMESPACE } from './namespace';

describe('remote-eventos translations', () => {
  beforeEach(() => {
    mockFetch({ 'GET /api/eventos': { body: page([], 0) } });
  });

  afterEach(async () => {
    await act(() => i18next.changeLanguage('es'));
  });

  it('has the same keys in Spanish and English', () => {
    expect(translationKeys(en)).toEqual(translationKeys(es));
  });

  it('loads the bundle with the page when the shell does not have it yet', async () => {
    i18next.removeResourceBundle('es', NAMESPACE);
    renderPage(<EventosPage />, { url: '/eventos', auth: signedIn(makeUser()) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Eventos' })).toBeInTheDocument();
  });

  it('titles the grid columns once a bundle loaded after the first render arrives', async () => {
    i18next.removeResourceBundle('es', NAMESPACE);
    mockFetch({ 'GET /api/eventos': { body: page([makeEvento()]) } });
    renderPage(<EventosPage />, { url: '/eventos', auth: signedIn(makeUser()) });
    expect(await screen.findByRole('columnheader', { name: 'Nombre' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Lugar' })).toBeInTheDocument();
  });

  it('speaks English when the shell switches language', async () => {
    await act(() => i18next.changeLanguage('en'));
    renderPage(<EventosPage />, { url: '/eventos', auth: signedIn(makeUser()) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Events' })).toBeInTheDocument();
    expect(await screen.findByText('No events yet')).toBeInTheDocument();
  });
});
