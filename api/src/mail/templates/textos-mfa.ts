/**
 * The second factor's mails (issue #16), in Spanish and English: the notice of every change of
 * a user's factors (ASVS: notify on authentication changes) and the notice of a lock after 10
 * consecutive failed codes. Spread into TEXTOS (textos.ts).
 */
import type { Locale } from '@gestion/shared';
import type { MailTemplates, MfaCambio } from '../types';
import { PRODUCT_NAME, type MailContent } from './layout';

type MfaTexts = {
  [T in 'mfa-changed' | 'mfa-locked']: Record<Locale, (data: MailTemplates[T]) => MailContent>;
};

const CAMBIO_ES: Record<MfaCambio, string> = {
  activado: 'Se ha activado una aplicación de autenticación en su cuenta.',
  eliminado: 'Se ha eliminado la aplicación de autenticación de su cuenta.',
  codigos: 'Se han generado nuevos códigos de recuperación; los anteriores ya no sirven.',
  restablecido:
    'Un administrador ha restablecido la verificación en dos pasos de su cuenta. Tendrá que configurarla de nuevo.',
  passkey_anadida: 'Se ha añadido una llave de acceso a su cuenta.',
  passkey_eliminada: 'Se ha eliminado una llave de acceso de su cuenta.',
};
const CAMBIO_EN: Record<MfaCambio, string> = {
  activado: 'An authenticator app was turned on for your account.',
  eliminado: 'The authenticator app was removed from your account.',
  codigos: 'New recovery codes were generated; the previous ones no longer work.',
  restablecido:
    'An administrator reset the two-step verification of your account. You will have to set it up again.',
  passkey_anadida: 'A passkey was added to your account.',
  passkey_eliminada: 'A passkey was removed from your account.',
};

/** The two templates in both locales. */
export const TEXTOS_MFA: MfaTexts = {
  'mfa-changed': {
    es: (d) => ({
      subject: `Verificación en dos pasos modificada · ${PRODUCT_NAME.es}`,
      greeting: `Hola, ${d.nombre}:`,
      paragraphs: [
        CAMBIO_ES[d.cambio],
        ...(d.motivo ? [`Motivo: ${d.motivo}`] : []),
        'Se han cerrado sus otras sesiones.',
      ],
      notes: [
        'Si no ha sido usted, cambie su contraseña cuanto antes y avise a quien administra la aplicación.',
      ],
    }),
    en: (d) => ({
      subject: `Two-step verification changed · ${PRODUCT_NAME.en}`,
      greeting: `Hello ${d.nombre},`,
      paragraphs: [
        CAMBIO_EN[d.cambio],
        ...(d.motivo ? [`Reason: ${d.motivo}`] : []),
        'Your other sessions were closed.',
      ],
      notes: [
        'If this was not you, change your password as soon as possible and tell your administrator.',
      ],
    }),
  },
  'mfa-locked': {
    es: (d) => ({
      subject: `Verificación en dos pasos bloqueada · ${PRODUCT_NAME.es}`,
      greeting: `Hola, ${d.nombre}:`,
      paragraphs: [
        `Se han introducido demasiados códigos incorrectos al iniciar sesión en su cuenta. La verificación en dos pasos queda bloqueada durante ${d.minutos} minutos.`,
      ],
      notes: ['Si no ha sido usted, alguien conoce su contraseña: cámbiela cuanto antes.'],
    }),
    en: (d) => ({
      subject: `Two-step verification locked · ${PRODUCT_NAME.en}`,
      greeting: `Hello ${d.nombre},`,
      paragraphs: [
        `Too many wrong codes were entered while signing in to your account. Two-step verification is locked for ${d.minutos} minutes.`,
      ],
      notes: ['If this was not you, someone knows your password: change it as soon as possible.'],
    }),
  },
};
