/**
 * The mail templates (issue #15): every template renders in Spanish and English — subject with
 * the product's name, HTML and plain text — escapes its data, and loads nothing remote.
 */
import { renderMail } from '../src/mail/templates/render-mail';
import type { MailRequest, MailTemplate } from '../src/mail/types';

const HOSTILE = `<script>alert("x")</script> & 'ñ'`;
const LINK = 'https://gestion.example.org/restablecer?token=a%2Bb&x=1';

/** One request per template, every string field hostile, links real. */
const REQUESTS: Record<MailTemplate, Omit<MailRequest, 'to' | 'locale'>> = {
  'password-reset': { template: 'password-reset', data: { nombre: HOSTILE, link: LINK } },
  'password-changed': { template: 'password-changed', data: { nombre: HOSTILE } },
  invitation: {
    template: 'invitation',
    data: { nombre: HOSTILE, link: LINK, invitadoPor: HOSTILE },
  },
  'email-verify': { template: 'email-verify', data: { nombre: HOSTILE, link: LINK } },
  'email-taken': {
    template: 'email-taken',
    data: { nombre: HOSTILE, loginLink: LINK, recuperarLink: `${LINK}&r` },
  },
  'email-change-confirm': {
    template: 'email-change-confirm',
    data: { nombre: HOSTILE, link: LINK },
  },
  'email-changed': { template: 'email-changed', data: { nombre: HOSTILE, nuevoEmail: HOSTILE } },
  'new-device': {
    template: 'new-device',
    data: { nombre: HOSTILE, dispositivo: HOSTILE, ip: '203.0.113.7', fecha: HOSTILE },
  },
  'login-code': { template: 'login-code', data: { nombre: HOSTILE, codigo: '123456' } },
  test: { template: 'test', data: { nombre: HOSTILE } },
  'mfa-changed': {
    template: 'mfa-changed',
    data: { nombre: HOSTILE, cambio: 'restablecido', motivo: HOSTILE },
  },
  'mfa-locked': { template: 'mfa-locked', data: { nombre: HOSTILE, minutos: '15' } },
  'api-token-expiring': {
    template: 'api-token-expiring',
    data: { nombre: HOSTILE, token: HOSTILE, fecha: '2026-12-01 09:00 UTC' },
  },
};

const cases = Object.keys(REQUESTS).flatMap((t) =>
  (['es', 'en'] as const).map((locale) => [t as MailTemplate, locale] as const),
);

describe('mail templates', () => {
  it.each(cases)('%s in %s: product name, both parts, escaped, nothing remote', (t, locale) => {
    const mail = renderMail({ to: 'a@example.org', locale, ...REQUESTS[t] } as MailRequest);
    const product = locale === 'es' ? 'Gestión de usuarios' : 'User management';
    expect(mail.subject).toContain(product);
    expect(mail.html).toContain(product);
    expect(mail.text).toContain(product);
    expect(mail.html).toContain(`<html lang="${locale}">`);
    // Data is escaped in HTML and verbatim in text.
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain(
      '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;ñ&#39;',
    );
    expect(mail.text).toContain(HOSTILE);
    // No image, stylesheet, font or script from anywhere: opening a mail tells nobody anything.
    expect(mail.html).not.toMatch(/<img|<link|<script|@import|url\(|src=/i);
    const data = REQUESTS[t].data as Record<string, string>;
    if ('link' in data) {
      expect(mail.text).toContain(LINK);
      expect(mail.html).toContain(`href="${LINK.replace(/&/g, '&amp;')}"`);
    }
    if (t === 'login-code') expect(mail.text).toContain('123456');
  });

  it('the two languages differ, and an unknown locale falls back to Spanish', () => {
    const base = { to: 'a@example.org', template: 'test', data: { nombre: 'Ana' } } as const;
    const es = renderMail({ ...base, locale: 'es' });
    const en = renderMail({ ...base, locale: 'en' });
    expect(es.subject).toBe('Correo de prueba · Gestión de usuarios');
    expect(en.subject).toBe('Test e-mail · User management');
    expect(renderMail({ ...base, locale: 'fr' as 'es' }).subject).toBe(es.subject);
  });

  it('never makes a non-http link clickable', () => {
    const mail = renderMail({
      to: 'a@example.org',
      locale: 'es',
      template: 'password-reset',
      data: { nombre: 'Ana', link: 'javascript:alert(1)' },
    });
    expect(mail.html).not.toContain('href="javascript');
  });
});
