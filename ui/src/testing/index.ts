/**
 * @gestion/ui/testing — for Jest only (jest.base.cjs maps it, nothing bundles it): puts the kit's
 * translations on the shared i18next instance up front, as a remote's `testing/render.tsx` does
 * with its own, so a test never sees a kit key while the bundle loads.
 */
import { initTestI18n } from '@gestion/shared/testing';
import { UI_NAMESPACE } from '../i18n/namespace';
import en from '../i18n/en.json';
import es from '../i18n/es.json';
import { ERRORS_NAMESPACE } from '../api-error-text';
import errorsEn from '../i18n/errors.en.json';
import errorsEs from '../i18n/errors.es.json';

/** Adds the kit's Spanish and English texts to the test i18next instance (inits it if needed). */
export function initUiTestI18n(): void {
  initTestI18n(UI_NAMESPACE, { es, en });
  // The api's error texts (api-error-text.ts), so a test in English sees them at once.
  initTestI18n(ERRORS_NAMESPACE, { es: errorsEs, en: errorsEn });
}

// What the remotes' tests share (issue #14): api answers, the gestor user, dialog steps, the
// list pages' search and delete steps, the routes checks.
export * from './dialogs';
export * from './fixtures';
export * from './list-page';
export * from './routes';
export * from './translations';
