/**
 * validateFiltro (issue #6): the whitelist, operators per field, values typed and shaped per
 * operator, and the sort — each refusal a 400 VALIDATION_ERROR naming the offending thing.
 */
import { FILTRO_CAMPOS, FILTRO_EN_MAX, operadoresDe, type FiltroEntidad } from '@gestion/shared';
import { HttpError } from '../src/lib/http-errors';
import { FILTRO_COLUMNAS } from '../src/repositories/filtrado-condiciones';
import { validateFiltro, type FiltroInput } from '../src/services/filtrado-service';

/** The HttpError validateFiltro throws for `input`. */
function refusal(input: FiltroInput): HttpError {
  try {
    validateFiltro(input);
  } catch (err) {
    if (err instanceof HttpError) return err;
    throw err;
  }
  throw new Error('validateFiltro accepted the filter');
}

const eventos = (filtros: FiltroInput['filtros'], sort?: string): FiltroInput => ({
  entidad: 'eventos',
  filtros,
  ...(sort !== undefined ? { sort } : {}),
});

describe('validateFiltro', () => {
  it('types the values: dates to epoch ms, numbers, booleans, enums; default sort id', () => {
    const v = validateFiltro({
      entidad: 'eventos',
      filtros: [
        { campo: 'fechaInicio', operador: 'gte', valor: '2026-03-01T10:00:00+01:00' },
        { campo: 'estado', operador: 'en', valor: ['borrador', 'publicado'] },
        { campo: 'id', operador: 'entre', valor: [1, 10] },
        { campo: 'nombre', operador: 'contiene', valor: 'congreso' },
      ],
    });
    expect(v).toEqual({
      entidad: 'eventos',
      filtros: [
        {
          campo: 'fechaInicio',
          tipo: 'fecha',
          operador: 'gte',
          valores: [Date.UTC(2026, 2, 1, 9)],
        },
        { campo: 'estado', tipo: 'enum', operador: 'en', valores: ['borrador', 'publicado'] },
        { campo: 'id', tipo: 'numero', operador: 'entre', valores: [1, 10] },
        { campo: 'nombre', tipo: 'texto', operador: 'contiene', valores: ['congreso'] },
      ],
      sort: { campo: 'id', desc: false },
    });
    const u = validateFiltro({
      entidad: 'usuarios',
      filtros: [{ campo: 'activo', operador: 'eq', valor: false }],
      sort: '-ultimoAcceso',
    });
    expect(u.filtros[0]!.valores).toEqual([false]);
    expect(u.sort).toEqual({ campo: 'ultimoAcceso', desc: true });
  });

  it('refuses an unknown entity, naming it', () => {
    const e = refusal({ entidad: 'roles', filtros: [] });
    expect(e.statusCode).toBe(400);
    expect(e.code).toBe('VALIDATION_ERROR');
    expect(e.message).toBe('Entidad no permitida: «roles»');
    expect(e.details).toEqual([{ field: 'entidad', message: e.message }]);
  });

  it('refuses a field outside the whitelist, naming it and its path', () => {
    const e = refusal(
      eventos([
        { campo: 'nombre', operador: 'eq', valor: 'x' },
        { campo: 'busqueda', operador: 'eq', valor: 'x' },
      ]),
    );
    expect(e.message).toBe('Campo no permitido en eventos: «busqueda»');
    expect(e.details).toEqual([{ field: 'filtros[1].campo', message: e.message }]);
    // A column that exists but is not whitelisted, on another entity.
    expect(
      refusal({
        entidad: 'usuarios',
        filtros: [{ campo: 'password_hash', operador: 'eq', valor: 'a' }],
      }).message,
    ).toBe('Campo no permitido en usuarios: «password_hash»');
  });

  it('refuses an unknown operator and one the field does not take', () => {
    const e = refusal(eventos([{ campo: 'nombre', operador: 'like', valor: 'x' }]));
    expect(e.message).toBe('Operador no permitido para «nombre»: «like»');
    expect(e.details![0]!.field).toBe('filtros[0].operador');
    expect(refusal(eventos([{ campo: 'estado', operador: 'gt', valor: 'borrador' }])).message).toBe(
      'Operador no permitido para «estado»: «gt»',
    );
    expect(
      refusal({
        entidad: 'usuarios',
        filtros: [{ campo: 'rol', operador: 'contiene', valor: 'a' }],
      }).message,
    ).toBe('Operador no permitido para «rol»: «contiene»');
  });

  it.each([
    [
      'a date without zone',
      'fechaInicio',
      'eq',
      '2026-03-01T09:00:00',
      'El valor de «fechaInicio» debe ser una fecha ISO 8601 con zona horaria',
    ],
    [
      'a date that does not exist',
      'fechaFin',
      'lt',
      '2026-02-30T09:00:00Z',
      'El valor de «fechaFin» debe ser una fecha ISO 8601 con zona horaria',
    ],
    ['a string for a number', 'id', 'eq', '5', 'El valor de «id» debe ser un número'],
    ['a fraction for an id', 'responsableId', 'eq', 1.5, 'Valor no válido para «responsableId»'],
    ['an id beyond 32 bits', 'id', 'lt', 2 ** 40, 'Valor no válido para «id»'],
    [
      'an unknown enum value',
      'estado',
      'eq',
      'archivado',
      'Valor no permitido para «estado»: «archivado»',
    ],
    ['a number for text', 'nombre', 'eq', 5, 'Valor no válido para «nombre»'],
    ['a list for a scalar operator', 'nombre', 'eq', ['a'], 'Valor no válido para «nombre»'],
    ['entre with one value', 'id', 'entre', [1], '«entre» necesita dos valores: desde y hasta'],
    ['entre with a scalar', 'id', 'entre', 1, '«entre» necesita dos valores: desde y hasta'],
    ['entre upside down', 'id', 'entre', [9, 1], 'Valor no válido para «id»'],
    ['an empty en', 'estado', 'en', [], '«en» necesita una lista de valores'],
    ['en with a scalar', 'estado', 'en', 'borrador', '«en» necesita una lista de valores'],
  ])('refuses %s', (_what, campo, operador, valor, message) => {
    const e = refusal(eventos([{ campo, operador, valor }]));
    expect(e.message).toBe(message);
    expect(e.details![0]!.field).toMatch(/^filtros\[0\]\.valor/);
  });

  it('names the element of a list that is wrong', () => {
    const e = refusal(eventos([{ campo: 'estado', operador: 'en', valor: ['borrador', 'x'] }]));
    expect(e.details).toEqual([
      { field: 'filtros[0].valor[1]', message: 'Valor no permitido para «estado»: «x»' },
    ]);
    const b = refusal({
      entidad: 'usuarios',
      filtros: [{ campo: 'activo', operador: 'eq', valor: 'true' }],
    });
    expect(b.message).toBe('El valor de «activo» debe ser verdadero o falso');
  });

  it('caps en at FILTRO_EN_MAX values and the conditions at their maximum', () => {
    const many = Array.from({ length: FILTRO_EN_MAX + 1 }, (_, i) => i + 1);
    expect(refusal(eventos([{ campo: 'id', operador: 'en', valor: many }])).message).toBe(
      'Valor no válido para «id»',
    );
    const conds = Array.from({ length: 21 }, () => ({ campo: 'id', operador: 'gt', valor: 0 }));
    expect(refusal(eventos(conds)).details![0]!.field).toBe('filtros');
  });

  it('lists every refusal, the first one as the message', () => {
    const e = refusal(
      eventos(
        [
          { campo: 'nope', operador: 'eq', valor: 1 },
          { campo: 'id', operador: 'eq', valor: 'x' },
        ],
        'descripcion',
      ),
    );
    expect(e.message).toBe('Campo no permitido en eventos: «nope»');
    expect(e.details!.map((d) => d.field)).toEqual([
      'filtros[0].campo',
      'filtros[1].valor',
      'sort',
    ]);
  });

  it('sorts by a sortable field only', () => {
    expect(validateFiltro(eventos([], '-fechaInicio')).sort).toEqual({
      campo: 'fechaInicio',
      desc: true,
    });
    expect(refusal(eventos([], 'descripcion')).message).toBe(
      'No se puede ordenar por «descripcion»',
    );
    expect(refusal(eventos([], '-busqueda')).details).toEqual([
      { field: 'sort', message: 'No se puede ordenar por «busqueda»' },
    ]);
    expect(refusal({ entidad: 'usuarios', filtros: [], sort: 'rol' }).message).toBe(
      'No se puede ordenar por «rol»',
    );
  });

  it('accepts every operator of every whitelisted field with a value of its type', () => {
    const sample: Record<string, unknown> = {
      texto: 'a',
      numero: 1,
      fecha: '2026-01-01T00:00:00Z',
      booleano: true,
    };
    for (const [entidad, campos] of Object.entries(FILTRO_CAMPOS)) {
      for (const c of campos) {
        const one = c.tipo === 'enum' ? c.valores![0] : sample[c.tipo];
        for (const operador of operadoresDe(c)) {
          const valor = operador === 'entre' ? [one, one] : operador === 'en' ? [one] : one;
          expect(() =>
            validateFiltro({ entidad, filtros: [{ campo: c.campo, operador, valor }] }),
          ).not.toThrow();
        }
      }
    }
  });

  it('has a column for every whitelisted field and no other (repository map)', () => {
    for (const [entidad, campos] of Object.entries(FILTRO_CAMPOS)) {
      expect(Object.keys(FILTRO_COLUMNAS[entidad as FiltroEntidad]).sort()).toEqual(
        campos.map((c) => c.campo).sort(),
      );
    }
  });
});
