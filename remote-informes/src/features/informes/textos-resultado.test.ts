import i18next from 'i18next';
import { INFORME_TIPOS, type Columna } from '@gestion/shared';
import '../../testing/render';
import { NAMESPACE } from '../../i18n/namespace';
import en from '../../i18n/en.json';
import es from '../../i18n/es.json';
import { etiquetaDeCategoria, periodoLegible, tituloDeColumna, traducirColumnas } from './textos-resultado';

const tEs = i18next.getFixedT('es', NAMESPACE);
const tEn = i18next.getFixedT('en', NAMESPACE);
const col = (campo: string, titulo: string): Columna => ({ campo, titulo, tipo: 'texto' });

describe('a report result in the reader language', () => {
  it('titles the columns of each report type by type and campo, falling back to the api', () => {
    const porMes = { tipo: 'eventos-por-mes' as const, filtros: null };
    expect(traducirColumnas([col('mes', 'Mes'), col('total', 'Total')], porMes, tEn).map((c) => c.titulo)).toEqual(['Month', 'Total']);
    expect(tituloDeColumna(col('total', 'Usuarios'), { tipo: 'usuarios-por-rol', filtros: null }, tEn)).toBe('Users');
    expect(tituloDeColumna(col('total', 'Usuarios'), { tipo: 'usuarios-por-rol', filtros: null }, tEs)).toBe('Usuarios');
    expect(tituloDeColumna(col('nuevo', 'Nuevo'), porMes, tEn)).toBe('Nuevo');
    expect(tituloDeColumna(col('mes', 'Mes'), undefined, tEn)).toBe('Mes');
  });

  it("titles a listado's columns by the filtered entity's fields", () => {
    const listado = { tipo: 'listado' as const, filtros: { entidad: 'eventos', filtros: [] } };
    expect(tituloDeColumna(col('fechaInicio', 'Fecha de inicio'), listado, tEn)).toBe('Start date');
    expect(tituloDeColumna(col('roles', 'Roles'), { ...listado, filtros: { entidad: 'usuarios', filtros: [] } }, tEn)).toBe('Roles');
  });

  it('has es and en titles for every column of every aggregated type', () => {
    const esCols = es.resultadoTexto.columnas as Record<string, Record<string, string>>;
    const enCols = en.resultadoTexto.columnas as Record<string, Record<string, string>>;
    for (const tipo of INFORME_TIPOS) {
      expect([tipo, Object.keys(enCols[tipo] ?? {}).sort()]).toEqual([tipo, Object.keys(esCols[tipo] ?? {}).sort()]);
      expect(Object.keys(esCols[tipo] ?? {}).length).toBeGreaterThan(0);
    }
  });

  it('words chart categories: states, activity and periods; names as sent', () => {
    expect(etiquetaDeCategoria('publicado', tEn, 'en')).toBe('Published');
    expect(etiquetaDeCategoria('inactivo', tEn, 'en')).toBe('Inactive');
    expect(etiquetaDeCategoria('inactivo', tEs, 'es')).toBe('Inactivos');
    expect(etiquetaDeCategoria('2026-02', tEn, 'en')).toBe('Feb 2026');
    expect(etiquetaDeCategoria('Feria del libro', tEn, 'en')).toBe('Feria del libro');
    expect(etiquetaDeCategoria('admin', tEn, 'en')).toBe('admin');
  });

  it('formats months and days with Intl in the locale, in UTC', () => {
    expect(periodoLegible('2026-02', 'es')).toMatch(/^feb\.? 2026$/);
    expect(periodoLegible('2026-02-03', 'en')).toBe('Feb 3, 2026');
    expect(periodoLegible('2026-13', 'en')).toBeUndefined();
    expect(periodoLegible('2026-02-30', 'en')).toBeUndefined();
    expect(periodoLegible('texto', 'en')).toBeUndefined();
  });
});
