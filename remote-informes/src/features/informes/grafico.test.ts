import { BARRAS_VERTICALES_MAX, disposicionDeBarras, ejeDeRecuento } from './grafico';

describe('the layout of a count chart', () => {
  it('starts the value axis at 0 with a tick at least every 1, labelled as integers', () => {
    const eje = ejeDeRecuento([3, 4, 3], 'es');
    expect(eje).toMatchObject({ min: 0, tickMinStep: 1 });
    expect(eje).not.toHaveProperty('max');
    expect(eje.valueFormatter(1200)).toBe('1200');
    expect(ejeDeRecuento([3], 'en').valueFormatter(12000)).toBe('12,000');
  });

  it('gives a series of zeros an axis up to 1', () => {
    expect(ejeDeRecuento([0, 0], 'es')).toMatchObject({ min: 0, max: 1 });
    expect(ejeDeRecuento([], 'es')).toMatchObject({ min: 0, max: 1 });
  });

  it('stands a few short bars up and lays many or long ones down, one row each', () => {
    expect(disposicionDeBarras(['Borrador', 'Publicado', 'Cancelado', 'Finalizado'])).toEqual({
      layout: 'vertical',
    });
    const muchas = Array.from({ length: BARRAS_VERTICALES_MAX + 4 }, (_, i) => `Evento ${i}`);
    expect(disposicionDeBarras(muchas)).toMatchObject({ layout: 'horizontal', alto: 12 * 28 + 60 });
    const larga = disposicionDeBarras(['Congreso internacional de primavera', 'Gala']);
    expect(larga.layout).toBe('horizontal');
    expect(larga.anchoEje).toBeGreaterThanOrEqual('Congreso internacional de primavera'.length * 7);
    expect(disposicionDeBarras(['x'.repeat(200)]).anchoEje).toBe(280);
  });
});
