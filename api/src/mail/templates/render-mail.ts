/**
 * Renders a `MailRequest` in its recipient's locale (issue #15): subject, HTML and plain text.
 * Spanish is the default for a locale this product does not know.
 */
import { LOCALES, type Locale } from '@gestion/shared';
import type { MailRequest } from '../types';
import { renderHtml, renderText, type MailContent } from './layout';
import { TEXTOS } from './textos';

/** A mail ready to hand to a transport. */
export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

/** The request's locale when the product has it, else Spanish. */
function localeOf(request: MailRequest): Locale {
  return (LOCALES as readonly string[]).includes(request.locale) ? request.locale : 'es';
}

/** Renders `request`. Pure. */
export function renderMail(request: MailRequest): RenderedMail {
  const locale = localeOf(request);
  // The union of requests narrows per template only through this cast: TypeScript cannot
  // correlate `TEXTOS[request.template]` with `request.data` (microsoft/TypeScript#30581).
  const texts = TEXTOS[request.template][locale] as (data: MailRequest['data']) => MailContent;
  const content = texts(request.data);
  return {
    subject: content.subject,
    html: renderHtml(locale, content),
    text: renderText(locale, content),
  };
}
