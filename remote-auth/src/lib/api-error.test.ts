import { applyFieldErrors } from './api-error';

const failed = (details: { field: string; message: string }[]) => ({
  status: 400,
  data: { statusCode: 400, error: 'Bad Request', message: 'Datos no válidos', details },
});

describe('applyFieldErrors', () => {
  it('puts each detail under the field it names, `roles.1` under `roles`', () => {
    const set = jest.fn();
    const placed = applyFieldErrors(
      failed([
        { field: 'email', message: 'Correo no válido' },
        { field: 'roles.1', message: 'Rol desconocido' },
      ]),
      ['email', 'nombre', 'roles'] as const,
      set,
    );
    expect(placed).toBe(true);
    expect(set.mock.calls).toEqual([
      ['email', 'Correo no válido'],
      ['roles', 'Rol desconocido'],
    ]);
  });

  it('leaves the error to the caller when a detail names a field the form lacks, or there are none', () => {
    const set = jest.fn();
    expect(
      applyFieldErrors(failed([{ field: 'activo', message: 'x' }]), ['nombre'] as const, set),
    ).toBe(false);
    expect(
      applyFieldErrors(
        { status: 500, data: { statusCode: 500, error: 'E', message: 'm' } },
        ['nombre'] as const,
        set,
      ),
    ).toBe(false);
    expect(applyFieldErrors({ status: 'FETCH_ERROR' }, ['nombre'] as const, set)).toBe(false);
    expect(set).not.toHaveBeenCalled();
  });
});
