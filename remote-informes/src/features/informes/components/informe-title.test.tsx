import { act, screen } from '@testing-library/react';
import i18next from 'i18next';
import { mockFetch } from '@gestion/shared/testing';
import { giveChartsASize } from '../../../testing/chart-size';
import { makeInforme, makeResultado } from '../../../testing/fixtures';
import { makeGestor, renderPage, signedIn } from '../../../testing/render';
import InformePage from './InformePage';

giveChartsASize();

afterEach(async () => {
  await act(async () => {
    await i18next.changeLanguage('es');
  });
});

describe('the document title of a report', () => {
  it('keeps the route title while loading, then says "Informe: <nombre>" ("Report: …" in English)', async () => {
    mockFetch({
      'GET /api/informes/7': {
        body: makeInforme({ id: 7, nombre: 'Eventos por mes', tipo: 'eventos-por-estado', filtros: null }),
      },
      'GET /api/informes/7/resultado': { body: makeResultado() },
    });
    document.title = 'Informe';
    renderPage(<InformePage />, { url: '/informes/7', path: '/informes/:id', auth: signedIn(makeGestor()) });
    expect(document.title).toBe('Informe');
    await screen.findByRole('heading', { level: 1, name: 'Eventos por mes' });
    expect(document.title).toBe('Informe: Eventos por mes');
    await act(async () => {
      await i18next.changeLanguage('en');
    });
    expect(document.title).toBe('Report: Eventos por mes');
  });
});
