import { dominioPermitido, isValidDominio, normalizeDominio } from './configuracion';

describe('the dominiosPermitidos rules the api and the console share', () => {
  it('normalises a typed domain: trimmed, lower-cased, without a leading "@"', () => {
    expect(normalizeDominio('  @Empresa.ES ')).toBe('empresa.es');
  });

  it.each(['empresa.es', 'mail.filial.example.org', 'xn--and-6ma2c.es', 'a-b.co', '@Empresa.es'])(
    'accepts %s',
    (d) => expect(isValidDominio(d)).toBe(true),
  );

  it.each([
    'empresa',
    'empresa.',
    '.empresa.es',
    'empresa..es',
    '-empresa.es',
    'empresa-.es',
    'empresa.123',
    'ana@empresa.es',
    'empresa.es/x',
    'ñandú.es',
    '',
    `${'a'.repeat(64)}.es`,
    `${'abcdefghi.'.repeat(26)}com`,
  ])('refuses %j', (d) => expect(isValidDominio(d)).toBe(false));

  it('accepts 253 characters, not more', () => {
    expect(isValidDominio(`${'abcdefghi.'.repeat(25)}com`)).toBe(true);
  });

  it('lets any e-mail through an empty list, and only exact listed domains otherwise', () => {
    expect(dominioPermitido('ana@cualquiera.test', [])).toBe(true);
    const list = ['empresa.es'];
    expect(dominioPermitido('ana@EMPRESA.es', list)).toBe(true);
    expect(dominioPermitido('ana@ventas.empresa.es', list)).toBe(false);
    expect(dominioPermitido('ana@empresa.es.evil.test', list)).toBe(false);
    expect(dominioPermitido('"a@empresa.es"@otra.es', list)).toBe(false);
    expect(dominioPermitido('empresa.es', list)).toBe(false);
  });
});
