/**
 * The builds replace MUI's `buildFormatNumber` (which every MUI locale calls as it loads) with
 * tools/webpack/lazy-format-number.js, so that importing `esES` for the theme does not build an
 * Intl.NumberFormat before the first render. Same results as MUI's, built on first use.
 */
import buildFormatNumber from '../../../tools/webpack/lazy-format-number.js';

describe('lazy buildFormatNumber (replaces MUI locale utils in the builds)', () => {
  afterEach(() => jest.restoreAllMocks());

  it('formats like Intl.NumberFormat for the locale, and non-finite values as String()', () => {
    const es = buildFormatNumber('es-ES');
    const en = buildFormatNumber('en-US');
    expect(es(1234567.5)).toBe(new Intl.NumberFormat('es-ES').format(1234567.5));
    expect(en(1234567.5)).toBe('1,234,567.5');
    expect(es(Number.NaN)).toBe('NaN');
    expect(es(Number.POSITIVE_INFINITY)).toBe('Infinity');
  });

  it('builds the Intl.NumberFormat on the first number formatted, once', () => {
    const ctor = jest.spyOn(Intl, 'NumberFormat');
    const format = buildFormatNumber('es-ES');
    expect(ctor).not.toHaveBeenCalled();
    format(1);
    format(2);
    expect(ctor).toHaveBeenCalledTimes(1);
    expect(ctor).toHaveBeenCalledWith('es-ES');
  });

  it('falls back to String() for a locale Intl refuses', () => {
    expect(buildFormatNumber('not a locale!')(1234.5)).toBe('1234.5');
  });
});
