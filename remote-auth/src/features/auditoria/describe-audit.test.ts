import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import i18next from 'i18next';
import '../../testing/render';
import { ADMIN_NAMESPACE } from '../../i18n/namespace';
import { changedFieldNames, describeAudit, describeTarget, hasAuditSentence } from './describe-audit';

const tEs = i18next.getFixedT('es', ADMIN_NAMESPACE);
const tEn = i18next.getFixedT('en', ADMIN_NAMESPACE);

const edit = {
  accion: 'usuarios.editar',
  objetivoTipo: 'usuario',
  objetivoId: '12',
  objetivoNombre: 'Ana Ruiz',
  cambios: { antes: { nombre: 'Ana' }, despues: { nombre: 'Ana Ruiz' } },
};

/** Every `.ts` file under `dir` (tests excluded). */
function sourcesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourcesUnder(path);
    return path.endsWith('.ts') && !path.endsWith('.test.ts') ? [path] : [];
  });
}

/**
 * The action codes the api writes: the values of its audit-action objects (`AUDIT_ACTIONS`,
 * `CICLO_AUDIT`, `EVENTOS_AUDIT`, `INFORMES_AUDIT`, …), the `ESCALATION_AUDIT_ACTION` constant and
 * every literal `accion: 'x.y'` — read from api/src so a new code fails this test until worded.
 */
function apiAuditActions(): string[] {
  const found = new Set<string>();
  for (const file of sourcesUnder(join(__dirname, '../../../../api/src'))) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/accion:\s*'([a-z]+\.[a-z_]+)'/g)) found.add(m[1]!);
    for (const m of text.matchAll(/AUDIT_ACTION = '([a-z]+\.[a-z_]+)'/g)) found.add(m[1]!);
    for (const block of text.matchAll(/_AUDIT(?:_ACTIONS)? = \{([\s\S]*?)\} as const/g)) {
      for (const m of block[1]!.matchAll(/'([a-z]+\.[a-z_]+)'/g)) found.add(m[1]!);
    }
    for (const block of text.matchAll(/AUDIT_ACTIONS = \{([\s\S]*?)\} as const/g)) {
      for (const m of block[1]!.matchAll(/'([a-z]+\.[a-z_]+)'/g)) found.add(m[1]!);
    }
  }
  return [...found].sort();
}

describe('describeAudit', () => {
  it('words an edit with its target and changed fields, in Spanish and English', () => {
    expect(describeAudit(edit, tEs, 'es')).toBe('Editó a Ana Ruiz: nombre');
    expect(describeAudit(edit, tEn, 'en')).toBe('Edited Ana Ruiz: name');
  });

  it('joins several fields as a list of the locale', () => {
    const both = { ...edit, cambios: { antes: { nombre: 'A', email: 'a@x' }, despues: { nombre: 'B', email: 'b@x' } } };
    expect(describeAudit(both, tEs, 'es')).toBe('Editó a Ana Ruiz: nombre y correo electrónico');
    expect(describeAudit(both, tEn, 'en')).toBe('Edited Ana Ruiz: name and e-mail');
  });

  it('names the target from cambios, else by type and id', () => {
    const created = { accion: 'roles.crear', objetivoTipo: 'rol', objetivoId: '4', cambios: { despues: { nombre: 'editor' } } };
    expect(describeAudit(created, tEn, 'en')).toBe('Created the role editor');
    const bare = { accion: 'usuarios.eliminar', objetivoTipo: 'usuario', objetivoId: '7', cambios: null };
    expect(describeAudit(bare, tEs, 'es')).toBe('Eliminó a usuario n.º 7');
    expect(describeAudit(bare, tEn, 'en')).toBe('Deleted user #7');
    expect(describeTarget({ accion: 'x.y', objetivoTipo: null, objetivoId: null, cambios: null }, tEn)).toBe('');
  });

  it('words auth events without a target', () => {
    const login = { accion: 'auth.login', objetivoTipo: 'usuario', objetivoId: '1', cambios: { dispositivo: 'x' } };
    expect(describeAudit(login, tEs, 'es')).toBe('Inició sesión');
    expect(describeAudit(login, tEn, 'en')).toBe('Signed in');
  });

  it('falls back to the code for an action it does not know', () => {
    const unknown = { accion: 'naves.despegar', objetivoTipo: null, objetivoId: null, cambios: null };
    expect(describeAudit(unknown, tEn, 'en')).toBe('naves.despegar');
    expect(describeAudit({ ...unknown, accion: 'auditoria' }, tEn, 'en')).toBe('auditoria');
  });

  it('lists only the fields of an update', () => {
    expect(changedFieldNames({ antes: { a: 1 }, despues: { a: 2, b: 3 } })).toEqual(['a', 'b']);
    expect(changedFieldNames({ despues: { a: 1 } })).toEqual([]);
    expect(changedFieldNames('texto')).toEqual([]);
  });

  it('has a sentence in Spanish and English for every action code the api writes', () => {
    const actions = apiAuditActions();
    // A floor, so a broken scan cannot pass by finding nothing.
    expect(actions.length).toBeGreaterThan(45);
    expect(actions.filter((a) => !hasAuditSentence(tEs, a))).toEqual([]);
    expect(actions.filter((a) => !hasAuditSentence(tEn, a))).toEqual([]);
  });
});
