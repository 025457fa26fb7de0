/**
 * The one layout every mail shares (issue #15): an HTML part and a plain-text part built from
 * the same `MailContent`. Self-contained on purpose: inline styles only, no remote image, font
 * or stylesheet and no tracking pixel, so opening a mail tells nobody anything and it reads the
 * same with remote content blocked. Every piece of data is HTML-escaped; a link is only ever an
 * `http(s)` URL (anything else is printed as text, never made clickable).
 */
import type { Locale } from '@gestion/shared';

/** What a template says, in one locale; the layout turns it into HTML and text. */
export interface MailContent {
  subject: string;
  /** "Hola, Ana:" */
  greeting: string;
  /** Body paragraphs, plain text (escaped here). */
  paragraphs: string[];
  /** The call to action: a button in HTML, the bare URL on its own line in text. */
  action?: { label: string; href: string };
  /** A one-time code shown large (challenged sign-in). */
  code?: string;
  /** Small print under the body (validity, "if it was not you…"). */
  notes: string[];
}

/** The product's name in each locale, in every subject and heading. */
export const PRODUCT_NAME: Record<Locale, string> = {
  es: 'Gestión de usuarios',
  en: 'User management',
};

const FOOTER: Record<Locale, string> = {
  es: 'Este mensaje lo envía automáticamente Gestión de usuarios. No responda a él.',
  en: 'This message was sent automatically by User management. Please do not reply to it.',
};

const LINK_FALLBACK: Record<Locale, string> = {
  es: 'Si el botón no funciona, copie este enlace en su navegador:',
  en: 'If the button does not work, copy this link into your browser:',
};

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** HTML-escapes text for an element's content or a quoted attribute. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

/** True for an absolute http(s) URL: the only links a mail makes clickable. */
function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

const P = 'margin:0 0 16px;font-size:15px;line-height:1.5;color:#1f2933';
const SMALL = 'margin:0 0 8px;font-size:13px;line-height:1.5;color:#52606d';

/** The HTML part: one table-free column that every client renders, `lang` set for screen readers. */
export function renderHtml(locale: Locale, content: MailContent): string {
  const parts: string[] = [
    `<p style="${P}">${escapeHtml(content.greeting)}</p>`,
    ...content.paragraphs.map((p) => `<p style="${P}">${escapeHtml(p)}</p>`),
  ];
  if (content.code) {
    parts.push(
      `<p style="margin:0 0 16px;font-size:28px;font-weight:bold;letter-spacing:6px;font-family:monospace;color:#1f2933">${escapeHtml(content.code)}</p>`,
    );
  }
  if (content.action) {
    const { label, href } = content.action;
    if (isHttpUrl(href)) {
      const h = escapeHtml(href);
      parts.push(
        `<p style="margin:24px 0"><a href="${h}" style="display:inline-block;padding:12px 20px;background:#1565c0;color:#ffffff;text-decoration:none;border-radius:4px;font-size:15px">${escapeHtml(label)}</a></p>`,
        `<p style="${SMALL}">${escapeHtml(LINK_FALLBACK[locale])}<br><a href="${h}" style="color:#1565c0;word-break:break-all">${h}</a></p>`,
      );
    } else {
      parts.push(`<p style="${P}">${escapeHtml(label)}: ${escapeHtml(href)}</p>`);
    }
  }
  parts.push(...content.notes.map((n) => `<p style="${SMALL}">${escapeHtml(n)}</p>`));
  return [
    '<!DOCTYPE html>',
    `<html lang="${locale}">`,
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width">',
    `<title>${escapeHtml(content.subject)}</title></head>`,
    '<body style="margin:0;padding:24px;background:#f5f7fa;font-family:Arial,Helvetica,sans-serif">',
    '<div style="max-width:560px;margin:0 auto;padding:24px;background:#ffffff;border-radius:6px">',
    `<p style="margin:0 0 24px;font-size:18px;font-weight:bold;color:#1565c0">${escapeHtml(PRODUCT_NAME[locale])}</p>`,
    ...parts,
    `<p style="margin:24px 0 0;font-size:12px;color:#7b8794">${escapeHtml(FOOTER[locale])}</p>`,
    '</div></body></html>',
  ].join('\n');
}

/** The plain-text part: the same content, the link on a line of its own. */
export function renderText(locale: Locale, content: MailContent): string {
  const blocks: string[] = [PRODUCT_NAME[locale], content.greeting, ...content.paragraphs];
  if (content.code) blocks.push(content.code);
  if (content.action) blocks.push(`${content.action.label}:\n${content.action.href}`);
  blocks.push(...content.notes, `-- \n${FOOTER[locale]}`);
  return `${blocks.join('\n\n')}\n`;
}
