/**
 * Key parity of the texts the api sends and the console words (issue #14), in the style of
 * translations.test.tsx: every permission of the shared catalogue and every group has Spanish and
 * English words, the Spanish ones equal to the api's (so a Spanish reader sees no change), and
 * the mappings fall back to the api's text for what they do not know.
 */
import i18next from 'i18next';
import { ALL_PERMISSIONS, PERMISSION_DESCRIPTIONS } from '@gestion/shared';
import '../testing/render';
import { deviceName } from '../features/cuenta/device-name';
import { permissionDescription, permissionGroupName } from '../features/roles/permission-texts';
import enAdmin from './en.admin.json';
import esAdmin from './es.admin.json';
import { ADMIN_NAMESPACE } from './namespace';

const tEs = i18next.getFixedT('es', ADMIN_NAMESPACE);
const tEn = i18next.getFixedT('en', ADMIN_NAMESPACE);

/** Every leaf key of a bundle section, as `a.b.c`. */
function keysOf(bundle: object, prefix = ''): string[] {
  return Object.entries(bundle).flatMap(([key, value]) =>
    value && typeof value === 'object' ? keysOf(value as object, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

describe('the api texts in the administration bundle', () => {
  it('has the same keys in Spanish and English', () => {
    for (const section of ['permisosTexto', 'auditoriaTexto', 'dispositivoTexto'] as const) {
      expect(keysOf(enAdmin[section]).sort()).toEqual(keysOf(esAdmin[section]).sort());
    }
  });

  it('words every permission and group of the catalogue, in Spanish as the api does', () => {
    const groups = new Set(ALL_PERMISSIONS.map((p) => p.split(':')[0]!));
    for (const p of ALL_PERMISSIONS) {
      expect([p, permissionDescription(p, '?', tEs)]).toEqual([p, PERMISSION_DESCRIPTIONS[p]]);
      expect([p, permissionDescription(p, '?', tEn)]).not.toEqual([p, '?']);
    }
    for (const g of groups) {
      expect([g, permissionGroupName(g, tEn)]).not.toEqual([g, g]);
    }
    expect(permissionDescription('usuarios:ver', 'Ver usuarios', tEn)).toBe('View users');
    expect(permissionGroupName('configuracion', tEn)).toBe('settings');
  });

  it("falls back to the api's text for a permission or group it does not know", () => {
    expect(permissionDescription('naves:pilotar', 'Pilotar naves', tEn)).toBe('Pilotar naves');
    expect(permissionDescription('raro', 'Raro', tEn)).toBe('Raro');
    expect(permissionGroupName('naves', tEn)).toBe('naves');
  });
});

describe('deviceName', () => {
  const sesion = { dispositivo: 'Chrome en Windows', navegador: 'Chrome', sistema: 'Windows' };

  it('composes the device in the reader language', () => {
    expect(deviceName(sesion, tEn)).toBe('Chrome on Windows');
    expect(deviceName(sesion, tEs)).toBe('Chrome en Windows');
  });

  it('shows the part it has, else "unknown device"', () => {
    expect(deviceName({ dispositivo: 'Firefox', navegador: 'Firefox', sistema: null }, tEn)).toBe('Firefox');
    expect(deviceName({ dispositivo: 'Desconocido', navegador: null, sistema: null }, tEn)).toBe('Unknown device');
  });

  it('shows `dispositivo` as sent by an api without the parts', () => {
    expect(deviceName({ dispositivo: 'Chrome en Linux' }, tEn)).toBe('Chrome en Linux');
  });
});
