/**
 * An api error in the reader's language (issue #14: "errors by their `code`, the Spanish
 * `message` stays for api clients"). The api answers `{message, code?, details?}` with Spanish
 * texts fixed by the spec; a Spanish reader sees them as sent. Any other reader sees:
 * - a message or detail that is one of the api's catalogued texts (the constants of
 *   `@gestion/shared` the api itself sends, and the schema-violation wording of
 *   api/src/plugins/app/errors.ts) in its own words, with the values the text carries (a period's
 *   name, a length limit) — the most precise text there is;
 * - otherwise the text of its `code` (`VALIDATION_ERROR`, `PERIOD_OVERLAP`, …);
 * - otherwise the api's message, so nothing is ever hidden.
 * Details carry no code in the contract (changing that would change every client's detail
 * assertions), so a detail is recognised by being exactly one of those catalogued texts.
 * The texts are their own namespace (`gestion-ui-errores`, i18n/errors.<locale>.json), bundled
 * into each remote with the kit and loaded when a page that reads errors loads — never on the
 * first paint of /login (the shell and its 200 KiB budget are not touched).
 */
import i18next from 'i18next';
import {
  ADMIN_MESSAGES,
  API_MESSAGES,
  API_TOKENS_MESSAGES,
  ApiError,
  CONFIGURACION_MESSAGES,
  EVENTOS_MESSAGES,
  LIFECYCLE_MESSAGES,
  LISTAS_MESSAGES,
  MESSAGES,
  MFA_MESSAGES,
  SCIM_TOKENS_MESSAGES,
  type ErrorDetail,
} from '@gestion/shared';
import { loadNamespace, useNamespace, type NamespaceLoaders } from '@gestion/shared/react';

/** The i18next namespace of the api's error texts. */
export const ERRORS_NAMESPACE = 'gestion-ui-errores';

const loaders: NamespaceLoaders = {
  es: () => import('./i18n/errors.es.json'),
  en: () => import('./i18n/errors.en.json'),
};

/** A `t` as far as this module needs it (`i18next.getFixedT(lng, ERRORS_NAMESPACE)`). */
export type ErrorTranslate = (key: string, options?: Record<string, unknown>) => string;

/**
 * The api's catalogued Spanish texts by key (`messages.<key>` in the bundles): `{name}` marks a
 * value the text carries. Taken from the shared constants the api sends, except the wording of
 * schema violations and of a duplicate row, which lives in the api's error handler only.
 */
export const API_TEXT_CATALOGUE: Readonly<Record<string, string>> = {
  validation: API_MESSAGES.validation,
  payloadTooLarge: API_MESSAGES.payloadTooLarge,
  unsupportedMediaType: API_MESSAGES.unsupportedMediaType,
  unauthenticated: API_MESSAGES.unauthenticated,
  forbidden: API_MESSAGES.forbidden,
  notFound: API_MESSAGES.notFound,
  emailTaken: API_MESSAGES.emailTaken,
  registrationClosed: API_MESSAGES.registrationClosed,
  registrationDomain: API_MESSAGES.registrationDomain,
  rateLimited: API_MESSAGES.rateLimited,
  accountLocked: API_MESSAGES.accountLocked,
  versionConflict: API_MESSAGES.versionConflict,
  internal: API_MESSAGES.internal,
  serviceUnavailable: API_MESSAGES.serviceUnavailable,
  // The sign-in answers as the shell keeps them (its auth state holds the text, not the code).
  invalidCredentials: MESSAGES.invalidCredentials,
  loginError: MESSAGES.loginError,
  registerError: MESSAGES.registerError,
  registerFailedUi: MESSAGES.registerFailedUi,
  tokenInvalid: LIFECYCLE_MESSAGES.tokenInvalid,
  passwordChangeRequired: LIFECYCLE_MESSAGES.passwordChangeRequired,
  emailNotVerified: LIFECYCLE_MESSAGES.emailNotVerified,
  malformedJson: API_MESSAGES.malformedJson,
  passwordTooShort: API_MESSAGES.passwordTooShort,
  passwordTooLong: API_MESSAGES.passwordTooLong,
  passwordCommon: API_MESSAGES.passwordCommon,
  passwordMatchesOwner: API_MESSAGES.passwordMatchesOwner,
  invalidEmail: API_MESSAGES.invalidEmail,
  nombreRequired: API_MESSAGES.nombreRequired,
  lugarRequired: EVENTOS_MESSAGES.lugarRequired,
  dateWithoutZone: EVENTOS_MESSAGES.dateWithoutZone,
  startBeforeEnd: EVENTOS_MESSAGES.startBeforeEnd,
  responsableNotFound: EVENTOS_MESSAGES.responsableNotFound,
  eventoNotFound: EVENTOS_MESSAGES.eventoNotFound,
  periodoNotFound: EVENTOS_MESSAGES.periodoNotFound,
  periodOverlap: EVENTOS_MESSAGES.periodOverlap,
  periodLeftOutside: EVENTOS_MESSAGES.periodLeftOutside,
  lastAdmin: ADMIN_MESSAGES.lastAdmin,
  textoConNul: LISTAS_MESSAGES.textoConNul,
  dominioInvalido: CONFIGURACION_MESSAGES.dominioInvalido,
  // Issue #16: a wrong second-factor code, a factor reset without its reason.
  mfaWrongCode: MFA_MESSAGES.wrongCode,
  mfaMotivoRequired: MFA_MESSAGES.motivoRequired,
  // Issue #17: personal API tokens and SCIM connections (their details under permisos/expiraEn).
  tokenPermisosNoValidos: API_TOKENS_MESSAGES.permisosNoValidos,
  tokenPermisoNoTenido: API_TOKENS_MESSAGES.permisoNoTenido,
  tokenPermisosVacios: API_TOKENS_MESSAGES.permisosVacios,
  tokenExpiracionPasada: API_TOKENS_MESSAGES.expiracionPasada,
  tokenExpiracionLejana: API_TOKENS_MESSAGES.expiracionLejana,
  tokenLimiteAlcanzado: API_TOKENS_MESSAGES.limiteAlcanzado,
  tokenNombreObligatorio: API_TOKENS_MESSAGES.nombreObligatorio,
  tokenNoPermitido: API_TOKENS_MESSAGES.noPermitido,
  scimNoEncontrada: SCIM_TOKENS_MESSAGES.noEncontrada,
  scimLimite: SCIM_TOKENS_MESSAGES.limite,
  scimNombreObligatorio: SCIM_TOKENS_MESSAGES.nombreObligatorio,
  required: 'Este campo es obligatorio',
  notAllowed: 'Campo no admitido',
  bodyNotObject: 'El cuerpo debe ser un objeto JSON',
  minLength: 'Debe tener al menos {limite} caracteres',
  maxLength: 'No puede superar {limite} caracteres',
  format: 'El formato no es válido',
  minimum: 'Debe ser mayor o igual que {limite}',
  maximum: 'Debe ser menor o igual que {limite}',
  enum: 'El valor no está permitido',
  invalid: 'El valor no es válido',
  duplicate: 'El registro ya existe',
};

/** Each catalogue text as an anchored pattern capturing its `{name}` values. */
const PATTERNS = Object.entries(API_TEXT_CATALOGUE).map(([key, template]) => {
  const names: string[] = [];
  const source = template
    .split(/(\{\w+\})/)
    .map((part) => {
      const m = /^\{(\w+)\}$/.exec(part);
      if (!m) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(m[1]!);
      return '(.+?)';
    })
    .join('');
  return { key, names, re: new RegExp(`^${source}$`) };
});

/** The catalogue key and values of an api text, or undefined when it is not catalogued. */
export function matchApiText(text: string): { key: string; values: Record<string, string> } | undefined {
  for (const { key, names, re } of PATTERNS) {
    const m = re.exec(text);
    if (m) return { key, values: Object.fromEntries(names.map((n, i) => [n, m[i + 1]!])) };
  }
  return undefined;
}

/** A catalogued text in the reader's words, or undefined. */
function textOf(message: string, t: ErrorTranslate): string | undefined {
  const found = matchApiText(message);
  if (!found) return undefined;
  const text = t(`messages.${found.key}`, { ...found.values, defaultValue: '' });
  return text || undefined;
}

/**
 * The message and details of `error` in the words of `t`'s language (see the module comment for
 * the order: catalogued text, then `code`, then the api's text). Pure; the caller decides the
 * language (a Spanish reader should get `error` as it is: see `localizeApiError`).
 */
export function translateApiError(error: ApiError, t: ErrorTranslate): ApiError {
  const byCode = error.code ? t(`codes.${error.code}`, { defaultValue: '' }) : '';
  const message = textOf(error.message, t) ?? (byCode || error.message);
  const details: ErrorDetail[] = (error.details ?? []).map((d) => ({
    ...d,
    message: textOf(d.message, t) ?? d.message,
  }));
  const out = new ApiError(error.status, message, error.code, details);
  localized.add(out);
  return out;
}

/** Errors already in the reader's words (translating one twice would lose its detail). */
const localized = new WeakSet<ApiError>();

const currentLanguage = () =>
  (i18next.resolvedLanguage ?? i18next.language ?? 'es').slice(0, 2);

/**
 * Starts loading the error texts of `lng` (once); resolves when they are there. The kit calls
 * it when this module loads and on every language change, so texts are there by the time a
 * request fails. Never rejects.
 */
export function loadErrorTexts(lng = currentLanguage()): Promise<void> {
  if (lng !== 'es' && lng !== 'en') return Promise.resolve();
  return loadNamespace(ERRORS_NAMESPACE, loaders, lng).catch(() => undefined);
}

if (i18next.isInitialized) void loadErrorTexts();
i18next.on('initialized', () => void loadErrorTexts());
i18next.on('languageChanged', (lng: string) => void loadErrorTexts(lng.slice(0, 2)));

/**
 * `error` in the current language of the shared i18next instance: as sent for a Spanish reader
 * (the spec's texts, more precise than any translation by code), translated otherwise. While the
 * language's texts are still loading it answers as sent and starts the load.
 */
export function localizeApiError(error: ApiError): ApiError {
  const lng = currentLanguage();
  if (lng === 'es' || localized.has(error)) return error;
  if (!i18next.hasResourceBundle(lng, ERRORS_NAMESPACE)) {
    void loadErrorTexts(lng);
    return error;
  }
  return translateApiError(error, i18next.getFixedT(lng, ERRORS_NAMESPACE));
}

/**
 * For a component that shows an api error: loads the error texts of the current language and
 * re-renders once they are there (and on a language change); `ready` as `useNamespace`'s.
 */
export function useApiErrorTexts(): { ready: boolean } {
  const { ready } = useNamespace(ERRORS_NAMESPACE, loaders);
  return { ready };
}
