/**
 * The reminder that a personal API token expires within a week (issue #17), in Spanish and
 * English. Spread into TEXTOS (textos.ts). It names the token, never its secret.
 */
import type { Locale } from '@gestion/shared';
import type { MailTemplates } from '../types';
import { PRODUCT_NAME, type MailContent } from './layout';

type ApiTokenTexts = {
  'api-token-expiring': Record<Locale, (data: MailTemplates['api-token-expiring']) => MailContent>;
};

/** The template in both locales. */
export const TEXTOS_API_TOKENS: ApiTokenTexts = {
  'api-token-expiring': {
    es: (d) => ({
      subject: `Su token de API «${d.token}» caduca pronto · ${PRODUCT_NAME.es}`,
      greeting: `Hola, ${d.nombre}:`,
      paragraphs: [
        `Su token de API «${d.token}» caduca el ${d.fecha}. A partir de entonces, los programas que lo usen dejarán de tener acceso.`,
        'Si todavía lo necesita, cree uno nuevo en Mi cuenta › Tokens y sustitúyalo antes de esa fecha.',
      ],
      notes: ['Si ya no lo usa, no tiene que hacer nada.'],
    }),
    en: (d) => ({
      subject: `Your API token “${d.token}” expires soon · ${PRODUCT_NAME.en}`,
      greeting: `Hello ${d.nombre},`,
      paragraphs: [
        `Your API token “${d.token}” expires on ${d.fecha}. From then on, the programs using it will lose access.`,
        'If you still need it, create a new one in My account › Tokens and replace it before that date.',
      ],
      notes: ['If you no longer use it, there is nothing to do.'],
    }),
  },
};
