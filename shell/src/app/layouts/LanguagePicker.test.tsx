import { act, screen } from '@testing-library/react';
import i18next from 'i18next';
import { LOCALE_KEY } from '@gestion/shared';
import { renderWithProviders } from '../../testing/render';
import { LanguagePicker } from './LanguagePicker';

describe('language picker', () => {
  afterEach(async () => {
    await act(async () => {
      await i18next.changeLanguage('es');
    });
    localStorage.clear();
  });

  it('switches to English, remembers it and marks the document', async () => {
    const { user } = renderWithProviders(<LanguagePicker />);
    await user.click(screen.getByRole('button', { name: /Idioma: ES/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'English' }));
    expect(i18next.language).toBe('en');
    expect(localStorage.getItem(LOCALE_KEY)).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    expect(await screen.findByRole('button', { name: /Language: EN/ })).toBeInTheDocument();
  });
});
