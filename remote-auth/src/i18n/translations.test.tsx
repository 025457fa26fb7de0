import { act, screen } from '@testing-library/react';
import i18next from 'i18next';
import { translationKeys } from '@gestion/ui/testing';
import LoginPage from '../features/login/components/LoginPage';
import RegisterPage from '../features/register/components/RegisterPage';
import { renderPage } from '../testing/render';
import enAdmin from './en.admin.json';
import en from './en.json';
import enCiclo from './en.ciclo.json';
import esAdmin from './es.admin.json';
import esCiclo from './es.ciclo.json';
import es from './es.json';
import { ADMIN_NAMESPACE, NAMESPACE } from './namespace';

describe('remote-auth translations', () => {
  afterEach(async () => {
    await act(() => i18next.changeLanguage('es'));
  });

  it('has the same keys in Spanish and English', () => {
    expect(translationKeys(en)).toEqual(translationKeys(es));
    expect(translationKeys(enAdmin)).toEqual(translationKeys(esAdmin));
    expect(translationKeys(enCiclo)).toEqual(translationKeys(esCiclo));
  });

  it("keeps issue #15's pages in their own bundle, apart from the others", () => {
    expect(Object.keys(esCiclo)).toEqual(['ciclo']);
    expect(Object.keys(es)).not.toContain('ciclo');
    expect(Object.keys(esAdmin)).not.toContain('ciclo');
  });

  it('keeps the administration sections out of the sign-in bundle, and apart', () => {
    const signIn = Object.keys(es);
    expect(signIn.sort()).toEqual(['common', 'fields', 'login', 'register', 'validation']);
    expect(Object.keys(esAdmin).filter((section) => signIn.includes(section))).toEqual([]);
  });

  it('loads the administration bundle, shared sections included, with its pages', async () => {
    i18next.removeResourceBundle('es', ADMIN_NAMESPACE);
    const { useAdminTexts } = await import('./namespace');
    function Probe() {
      const { t, ready } = useAdminTexts();
      return <p>{ready ? `${t('common.cancel')} · ${t('usuarios.search')}` : 'cargando'}</p>;
    }
    renderPage(<Probe />, { url: '/configuracion' });
    expect(await screen.findByText(`Cancelar · ${esAdmin.usuarios.search}`)).toBeInTheDocument();
  });

  it('loads the bundle with the page when the shell does not have it yet', async () => {
    i18next.removeResourceBundle('es', NAMESPACE);
    renderPage(<LoginPage />, { url: '/login' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Iniciar sesión' }),
    ).toBeInTheDocument();
    expect(i18next.hasResourceBundle('es', NAMESPACE)).toBe(true);
  });

  it('translates the field errors of a page whose bundle arrived after its first render', async () => {
    i18next.removeResourceBundle('es', NAMESPACE);
    const { user } = renderPage(<RegisterPage />, { url: '/register' });
    await screen.findByRole('heading', { level: 1, name: 'Crear cuenta' });
    await user.click(screen.getByRole('button', { name: 'Crear cuenta' }));
    expect(await screen.findByText('El nombre es obligatorio')).toBeInTheDocument();
    expect(screen.queryByText('validation.nombreRequired')).not.toBeInTheDocument();
  });

  it('speaks English when the shell switches language', async () => {
    await act(() => i18next.changeLanguage('en'));
    renderPage(<LoginPage />, { url: '/login' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Password/)).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Show password' })).toBeInTheDocument();
  });
});
