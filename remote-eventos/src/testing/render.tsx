/**
 * Renders a page of this remote the way the shell mounts it (the shared test kit's `renderPage`),
 * with this package's translations on the shared i18next instance (Spanish, the default locale).
 */
import { initTestI18n } from '@gestion/shared/testing';
import { initUiTestI18n } from '@gestion/ui/testing';
import { NAMESPACE } from '../i18n/namespace';
import en from '../i18n/en.json';
import es from '../i18n/es.json';

initTestI18n(NAMESPACE, { es, en });
initUiTestI18n();

export { makeUser, renderPage, signedIn, type FakeShell } from '@gestion/shared/testing';
/** The seeded `gestor` (Gema Gestora, id 3), the kit's. */
export { makeGestor } from '@gestion/ui/testing';
