/**
 * Client-side field rules of the sign-in and registration forms, with Spanish messages from this
 * package's translations. The bounds are the ones the api enforces (shared constants), so a form
 * that passes here is never rejected for shape by the server.
 */
import {
  EMAIL_MAX_LENGTH,
  NOMBRE_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '@gestion/shared';
import { useAuthTexts } from '../i18n/namespace';

/** Something before and after one `@`, and a dot in the domain; the server has the last word. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const trim = (value: unknown) => (typeof value === 'string' ? value.trim() : value);

/**
 * Built on every render, not memoised on `t`: `t` keeps its identity when the namespace's bundle
 * arrives, so a memo would keep the untranslated keys of the first render.
 */
export function useFieldRules() {
  const { t } = useAuthTexts();
  return {
    email: {
      setValueAs: trim,
      required: t('validation.emailRequired'),
      maxLength: {
        value: EMAIL_MAX_LENGTH,
        message: t('validation.emailMax', { max: EMAIL_MAX_LENGTH }),
      },
      pattern: { value: EMAIL_PATTERN, message: t('validation.emailInvalid') },
    },
    /** Sign-in: only required and the upper bound; a short password is just a wrong one. */
    currentPassword: {
      required: t('validation.passwordRequired'),
      maxLength: {
        value: PASSWORD_MAX_LENGTH,
        message: t('validation.passwordMax', { max: PASSWORD_MAX_LENGTH }),
      },
    },
    newPassword: {
      required: t('validation.passwordRequired'),
      minLength: {
        value: PASSWORD_MIN_LENGTH,
        message: t('validation.passwordMin', { min: PASSWORD_MIN_LENGTH }),
      },
      maxLength: {
        value: PASSWORD_MAX_LENGTH,
        message: t('validation.passwordMax', { max: PASSWORD_MAX_LENGTH }),
      },
    },
    nombre: {
      setValueAs: trim,
      required: t('validation.nombreRequired'),
      maxLength: {
        value: NOMBRE_MAX_LENGTH,
        message: t('validation.nombreMax', { max: NOMBRE_MAX_LENGTH }),
      },
    },
  };
}
