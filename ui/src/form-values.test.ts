import { trimFields } from './form-values';

describe('trimFields', () => {
  it('trims the named text fields and leaves the others out', () => {
    const values = { nombre: '  Feria ', descripcion: 'Libros\n', lugar: ' Madrid', version: 3 };
    expect(trimFields(values, 'nombre', 'descripcion')).toEqual({
      nombre: 'Feria',
      descripcion: 'Libros',
    });
  });

  it('keeps an all-space field as an empty text', () => {
    expect(trimFields({ descripcion: '   ' }, 'descripcion')).toEqual({ descripcion: '' });
  });
});
