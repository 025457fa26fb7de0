/**
 * Renders a page of this remote the way the shell mounts it (the shared test kit's `renderPage`),
 * with this package's translations on the shared i18next instance (Spanish, the default locale).
 */
import i18next from 'i18next';
import { initTestI18n } from '@gestion/shared/testing';
import { initUiTestI18n } from '@gestion/ui/testing';
import { CICLO_NAMESPACE } from '../i18n/ciclo-namespace';
import { MFA_NAMESPACE } from '../i18n/mfa-namespace';
import { ADMIN_NAMESPACE, NAMESPACE } from '../i18n/namespace';
import enAdmin from '../i18n/en.admin.json';
import enCiclo from '../i18n/en.ciclo.json';
import enMfa from '../i18n/en.mfa.json';
import en from '../i18n/en.json';
import esAdmin from '../i18n/es.admin.json';
import esCiclo from '../i18n/es.ciclo.json';
import esMfa from '../i18n/es.mfa.json';
import es from '../i18n/es.json';

initTestI18n(NAMESPACE, { es, en });
initUiTestI18n();
// Added to the instance the call above set up (calling initTestI18n again could init it twice).
i18next.addResourceBundle('es', ADMIN_NAMESPACE, { ...es, ...esAdmin }, true, true);
i18next.addResourceBundle('en', ADMIN_NAMESPACE, { ...en, ...enAdmin }, true, true);
i18next.addResourceBundle('es', CICLO_NAMESPACE, { ...es, ...esCiclo }, true, true);
i18next.addResourceBundle('en', CICLO_NAMESPACE, { ...en, ...enCiclo }, true, true);
i18next.addResourceBundle('es', MFA_NAMESPACE, { ...es, ...esMfa }, true, true);
i18next.addResourceBundle('en', MFA_NAMESPACE, { ...en, ...enMfa }, true, true);

export { makeUser, renderPage, signedIn, type FakeShell } from '@gestion/shared/testing';
