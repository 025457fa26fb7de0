import { screen, waitFor, within } from '@testing-library/react';
import { mockFetch } from '@gestion/shared/testing';
import { makeUser, renderPage, signedIn } from '../../../testing/render';
import { LanguageSection } from './LanguageSection';

jest.setTimeout(20_000);

describe('LanguageSection (issue #15: mails in the stored language)', () => {
  afterEach(() => window.localStorage.clear());

  it('switches the interface and stores the language on the account for its mails', async () => {
    const fetchMock = mockFetch({
      'PATCH /api/auth/me': { status: 200, body: { user: { ...makeUser(), idioma: 'en' } } },
    });
    const { user } = renderPage(<LanguageSection />, { auth: signedIn(makeUser()) });
    await user.click(screen.getByRole('combobox'));
    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: /^English/ }));
    await waitFor(() => expect(fetchMock.callsTo('PATCH /api/auth/me')).toHaveLength(1));
    expect(fetchMock.callsTo('PATCH /api/auth/me')[0]!.body).toEqual({ idioma: 'en' });
    expect(window.localStorage.getItem('locale')).toBe('en');
  });
});
