import { act, screen } from '@testing-library/react';
import i18next from 'i18next';
import { translationKeys } from '@gestion/ui/testing';
import { FILTRO_CAMPOS, INFORME_TIPO_LABELS } from '@gestion/shared';
import { mockFetch } from '@gestion/shared/testing';
import InformesPage from '../features/informes/components/InformesPage';
import { makeInforme, page } from '../testing/fixtures';
import { makeGestor, makeUser, renderPage, signedIn } from '../testing/render';
import en from './en.json';
import es from './es.json';
import { NAMESPACE } from './namespace';

describe('remote-informes translations', () => {
  afterEach(async () => {
    await act(() => i18next.changeLanguage('es'));
  });

  it('has the same keys in Spanish and English', () => {
    expect(translationKeys(en)).toEqual(translationKeys(es));
  });

  it("says in Spanish exactly the contract's report type names and field labels", () => {
    expect(es.tipos).toEqual(INFORME_TIPO_LABELS);
    for (const [entidad, campos] of Object.entries(FILTRO_CAMPOS)) {
      expect(es.campos[entidad as keyof typeof es.campos]).toEqual(
        Object.fromEntries(campos.map((c) => [c.campo, c.etiqueta])),
      );
    }
  });

  it('loads the bundle with the page when the shell does not have it yet', async () => {
    mockFetch({ 'GET /api/informes': { body: page([makeInforme()]) } });
    i18next.removeResourceBundle('es', NAMESPACE);
    renderPage(<InformesPage />, { url: '/informes', auth: signedIn(makeUser()) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Informes' })).toBeInTheDocument();
  });

  it('speaks English when the shell switches language', async () => {
    mockFetch({ 'GET /api/informes': { body: page([makeInforme()]) } });
    await act(() => i18next.changeLanguage('en'));
    renderPage(<InformesPage />, { url: '/informes', auth: signedIn(makeGestor()) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Reports' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New report' })).toBeInTheDocument();
    expect(await screen.findByText('Filtered list')).toBeInTheDocument();
  });
});
