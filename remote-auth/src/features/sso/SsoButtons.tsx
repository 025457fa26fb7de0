import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import Button from '@mui/material/Button';
import type { ProveedorSsoPublico } from '@gestion/shared';
import { useShell } from '@gestion/shared/react';
import { useAuthTexts } from '../../i18n/namespace';

/**
 * /login's "Continuar con <nombre>" (issue #18): one link per active single sign-on provider
 * (public GET /api/auth/sso/proveedores), to the api's start of the round with /login's own
 * `?redirect=` (the api accepts only a same-origin path). Part of LoginPage's chunk and kept to
 * a plain fetch and anchors: /login's first visit has ~1.8 KB brotli of budget left. No
 * providers, or the list failing, shows nothing: the password form is always there.
 */
export function SsoButtons() {
  const { t } = useAuthTexts();
  const { apiBaseUrl } = useShell().config;
  const redirect = useSearchParams()[0].get('redirect');
  const [list, setList] = useState<ProveedorSsoPublico[]>([]);
  useEffect(() => {
    // Through a promise: a missing `fetch` (old browser, tests) is a rejection, not a crash.
    Promise.resolve(`${apiBaseUrl}/api/auth/sso/proveedores`)
      .then((url) => fetch(url))
      .then((r) => (r.ok ? r.json() : []))
      .then(setList, () => undefined);
  }, []);
  const query = redirect ? `?redirect=${encodeURIComponent(redirect)}` : '';
  return list.map(({ id, nombre }) => (
    <Button
      key={id}
      variant="outlined"
      size="large"
      fullWidth
      href={`${apiBaseUrl}/api/auth/sso/${id}/start${query}`}
    >
      {t('login.sso', { nombre })}
    </Button>
  ));
}
