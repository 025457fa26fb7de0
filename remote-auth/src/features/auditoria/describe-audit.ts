/**
 * An audit entry in words, in the reader's language (issue #14: "Editó a Ana Ruiz: nombre",
 * "Edited Ana Ruiz: name"). The api records a machine code (`accion`, `<recurso>.<verbo>`), the
 * target's type and id and the changed fields; this module turns those into one sentence with
 * the texts of the administration bundle (`auditoriaTexto` in `i18n/<locale>.admin.json`).
 * Pure: the caller hands over `t` (the admin namespace's) and the locale, so the audit list and
 * the user page (issue #14) word an entry the same way, and a test needs no React.
 */
import { useCallback } from 'react';
import type { AuditoriaEntry } from '@gestion/shared';
import { useAdminTexts } from '../../i18n/namespace';

/** The `t` of an i18next namespace, as far as this module needs it. */
export type AuditTranslate = (key: string, options?: Record<string, unknown>) => string;

/**
 * What the sentence is made of: the action code, the target (type, id and, when the api sent it,
 * its name) and `cambios` as recorded (`{antes, despues}` of the changed fields, or a flat object).
 */
export type AuditEntryLike = Pick<AuditoriaEntry, 'accion' | 'objetivoTipo' | 'objetivoId' | 'cambios'> & {
  /** The target's current name (user, role, event…), when the api could resolve it. */
  objetivoNombre?: string | null;
};

const PREFIX = 'auditoriaTexto';

/** Whether `accion` is a code the api writes and the bundle words (`usuarios.editar`). */
export function hasAuditSentence(t: AuditTranslate, accion: string): boolean {
  return /^[a-z]+\.[a-z_]+$/.test(accion) && t(`${PREFIX}.acciones.${accion}`, { defaultValue: '' }) !== '';
}

/**
 * The fields an update changed, in recorded order: the keys of `cambios.despues` and
 * `cambios.antes` for updates (`{antes, despues}`); none for other shapes (a create's `despues`
 * alone lists every field it set, which says nothing the action does not).
 */
export function changedFieldNames(cambios: unknown): string[] {
  if (!cambios || typeof cambios !== 'object') return [];
  const { antes, despues } = cambios as { antes?: unknown; despues?: unknown };
  if (!antes || !despues || typeof antes !== 'object' || typeof despues !== 'object') return [];
  return [...new Set([...Object.keys(despues), ...Object.keys(antes)])];
}

/** A name the recorded `cambios` carries for the target (`despues.nombre`, `antes.nombre`, `nombre`). */
function nameInCambios(cambios: unknown): string | undefined {
  if (!cambios || typeof cambios !== 'object') return undefined;
  const c = cambios as { antes?: { nombre?: unknown }; despues?: { nombre?: unknown }; nombre?: unknown };
  for (const v of [c.despues?.nombre, c.antes?.nombre, c.nombre]) {
    if (typeof v === 'string' && v.trim()) return v;
  }
  return undefined;
}

/**
 * The target in words: its name (from the api, else from `cambios`), else its type and id in the
 * reader's language ("usuario n.º 12", "user #12"), else an empty string.
 */
export function describeTarget(entry: AuditEntryLike, t: AuditTranslate): string {
  const name = entry.objetivoNombre?.trim() || nameInCambios(entry.cambios);
  if (name) return name;
  if (!entry.objetivoTipo) return entry.objetivoId ?? '';
  const tipo = t(`${PREFIX}.tipos.${entry.objetivoTipo}`, { defaultValue: entry.objetivoTipo });
  return entry.objetivoId ? t(`${PREFIX}.objetivoSinNombre`, { tipo, id: entry.objetivoId }) : tipo;
}

/**
 * One sentence for an audit entry in the reader's language: the action's sentence with the target
 * in it and, for an update, the changed fields named in that language and joined as a list of
 * `locale` (`Intl.ListFormat`): es "Editó a Ana Ruiz: nombre, correo electrónico", en "Edited Ana
 * Ruiz: name, e-mail". A code the bundle does not word (a newer api, a typo) comes back as is, so
 * nothing is hidden. Never throws.
 * @param t the administration namespace's `t` (`useAdminTexts().t`).
 * @param locale a BCP 47 tag for the list of fields (`es`, `en`).
 */
export function describeAudit(entry: AuditEntryLike, t: AuditTranslate, locale: string): string {
  if (!hasAuditSentence(t, entry.accion)) return entry.accion;
  const frase = t(`${PREFIX}.acciones.${entry.accion}`, { objetivo: describeTarget(entry, t) });
  const fields = changedFieldNames(entry.cambios).map((campo) =>
    t(`${PREFIX}.campos.${campo}`, { defaultValue: campo }),
  );
  if (fields.length === 0) return frase;
  return t(`${PREFIX}.conCampos`, { frase, campos: joinList(fields, locale) });
}

/** `a, b y c` / `a, b, and c`; a plain comma list where `Intl.ListFormat` is missing. */
function joinList(items: string[], locale: string): string {
  try {
    return new Intl.ListFormat(locale, { style: 'long', type: 'conjunction' }).format(items);
  } catch {
    return items.join(', ');
  }
}

/**
 * `describeAudit` bound to the administration texts and the current language, for a component
 * (the audit list, the user page): `const describe = useDescribeAudit(); describe(entry)`.
 */
export function useDescribeAudit(): (entry: AuditEntryLike) => string {
  const { t, i18n } = useAdminTexts();
  const locale = i18n.language;
  return useCallback((entry: AuditEntryLike) => describeAudit(entry, t, locale), [t, locale]);
}
