import i18next from 'i18next';
import {
  API_MESSAGES,
  API_TOKENS_ERROR_CODES,
  ApiError,
  ERROR_CODES,
  EVENTOS_ERROR_CODES,
  EVENTOS_MESSAGES,
  MFA_ERROR_CODES,
  SCIM_TOKENS_ERROR_CODES,
  formatEventosMessage,
} from '@gestion/shared';
import { initUiTestI18n } from './testing';
import {
  API_TEXT_CATALOGUE,
  ERRORS_NAMESPACE,
  localizeApiError,
  matchApiText,
  translateApiError,
} from './api-error-text';
import { readApiError } from './api-error';
import en from './i18n/errors.en.json';
import es from './i18n/errors.es.json';

initUiTestI18n();
const tEn = i18next.getFixedT('en', ERRORS_NAMESPACE);

/** Every leaf key of a bundle, as `a.b`. */
function keysOf(bundle: object, prefix = ''): string[] {
  return Object.entries(bundle).flatMap(([key, value]) =>
    value && typeof value === 'object' ? keysOf(value as object, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

/** Every `code` the api sends (api/src/plugins/app/method-not-allowed.ts adds the 405's). */
const API_CODES = [
  ...Object.values(ERROR_CODES),
  ...Object.values(EVENTOS_ERROR_CODES),
  ...Object.values(MFA_ERROR_CODES),
  ...Object.values(API_TOKENS_ERROR_CODES),
  ...Object.values(SCIM_TOKENS_ERROR_CODES),
  'METHOD_NOT_ALLOWED',
];

const overlap = formatEventosMessage(EVENTOS_MESSAGES.periodOverlap, { nombre: 'Montaje' });

describe('the api error texts', () => {
  afterEach(async () => {
    await i18next.changeLanguage('es');
  });

  it('has the same keys in Spanish and English', () => {
    expect(keysOf(en).sort()).toEqual(keysOf(es).sort());
  });

  it('words every code the api sends, in Spanish and English', () => {
    for (const code of API_CODES) {
      expect([code, (es.codes as Record<string, string>)[code]]).toEqual([code, expect.any(String)]);
      expect([code, (en.codes as Record<string, string>)[code]]).toEqual([code, expect.any(String)]);
    }
  });

  it("keeps the Spanish bundle equal to the api's own texts, and words each in English", () => {
    for (const [key, template] of Object.entries(API_TEXT_CATALOGUE)) {
      const spanish = (es.messages as Record<string, string>)[key];
      expect([key, spanish?.replace(/\{\{-? ?(\w+)\}\}/g, '{$1}')]).toEqual([key, template]);
      expect([key, typeof (en.messages as Record<string, string>)[key]]).toEqual([key, 'string']);
    }
  });

  it('recognises a catalogued text and the values it carries', () => {
    expect(matchApiText(overlap)).toEqual({ key: 'periodOverlap', values: { nombre: 'Montaje' } });
    expect(matchApiText('Debe tener al menos 3 caracteres')).toEqual({ key: 'minLength', values: { limite: '3' } });
    expect(matchApiText('Algo que nadie catalogó')).toBeUndefined();
  });

  it('translates the period overlap, its details and a validation detail', () => {
    const error = new ApiError(409, overlap, EVENTOS_ERROR_CODES.periodOverlap, [
      { field: 'fechaInicio', message: overlap },
      { field: 'nombre', message: API_MESSAGES.nombreRequired },
      { field: 'x', message: 'Texto libre' },
    ]);
    const out = translateApiError(error, tEn);
    expect(out.message).toBe('The period overlaps «Montaje»');
    expect(out.code).toBe('PERIOD_OVERLAP');
    expect(out.details?.map((d) => d.message)).toEqual([
      'The period overlaps «Montaje»',
      'Name is required',
      'Texto libre',
    ]);
  });

  it('falls back to the code, then to the api text', () => {
    expect(translateApiError(new ApiError(409, 'Otro texto', 'CONFLICT'), tEn).message).toBe(
      'This is not possible with the current data',
    );
    expect(translateApiError(new ApiError(418, 'Soy una tetera', 'TEAPOT'), tEn).message).toBe('Soy una tetera');
  });

  it('leaves Spanish as the api sent it and translates for an English reader', async () => {
    const failed = { status: 401, data: { statusCode: 401, error: 'Unauthorized', message: 'Credenciales incorrectas', code: 'INVALID_CREDENTIALS' } };
    expect(readApiError(failed, 'x').message).toBe('Credenciales incorrectas');
    await i18next.changeLanguage('en');
    expect(readApiError(failed, 'x').message).toBe('Incorrect credentials');
    const once = localizeApiError(new ApiError(409, ERROR_CODES.conflict, 'CONFLICT'));
    expect(localizeApiError(once)).toBe(once);
  });
});
