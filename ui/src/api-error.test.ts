import { ApiError } from '@gestion/shared';
import { decideFormError, readApiError } from './api-error';

const failed = (status: number, body: object) => ({ status, data: body });
const body = (message: string, extra: object = {}) => ({
  statusCode: 400,
  error: 'Bad Request',
  message,
  ...extra,
});

describe('readApiError', () => {
  it("reads the api's status, message, code and details", () => {
    const read = readApiError(
      failed(400, body('Datos no válidos', { code: 'VALIDATION_ERROR', details: [] })),
      'x',
    );
    expect(read).toBeInstanceOf(ApiError);
    expect(read).toMatchObject({ status: 400, message: 'Datos no válidos', code: 'VALIDATION_ERROR' });
  });

  it('falls back when the answer is not the api shape, or no answer came', () => {
    expect(readApiError(failed(502, { nope: 1 }), 'Sin conexión')).toMatchObject({
      status: 502,
      message: 'Sin conexión',
    });
    expect(readApiError({ status: 'FETCH_ERROR' }, 'Sin conexión').status).toBe(0);
    expect(readApiError(new Error('boom'), 'Sin conexión').message).toBe('Sin conexión');
  });
});

describe('decideFormError', () => {
  const fields = ['nombre', 'fechaInicio', 'roles'] as const;

  it('puts each detail under its field, whatever the path style, and says nothing more', () => {
    const error = new ApiError(400, 'Datos no válidos', 'VALIDATION_ERROR', [
      { field: '/nombre', message: 'Obligatorio' },
      { field: 'body/fechaInicio', message: 'Solapa' },
      { field: 'fechaInicio', message: 'Fuera del evento' },
      { field: 'roles.1', message: 'Rol desconocido' },
    ]);
    const outcome = decideFormError(error, { fields });
    expect(outcome).toEqual({
      kind: 'fields',
      fieldErrors: new Map([
        ['nombre', 'Obligatorio'],
        ['fechaInicio', 'Solapa. Fuera del evento'],
        ['roles', 'Rol desconocido'],
      ]),
      alert: undefined,
    });
  });

  it('shows the message, with what no field can show, above the form', () => {
    const error = new ApiError(400, 'Datos no válidos', undefined, [
      { field: 'nombre', message: 'Obligatorio' },
      { field: 'activo', message: 'No se puede' },
    ]);
    const outcome = decideFormError(error, { fields });
    expect(outcome).toMatchObject({ kind: 'fields', alert: 'Datos no válidos No se puede' });
    expect(decideFormError(new ApiError(500, 'Error interno'), { fields })).toMatchObject({
      alert: 'Error interno',
    });
  });

  it('explains the codes the form names even when the fields say which', () => {
    const error = new ApiError(409, 'Quedarían periodos fuera', 'EVENT_DATES', [
      { field: 'fechaInicio', message: 'Apertura' },
    ]);
    expect(decideFormError(error, { fields, explainCodes: ['EVENT_DATES'] })).toMatchObject({
      alert: 'Quedarían periodos fuera',
    });
  });

  it('is a conflict for a stale version and a redirect where the policy says so', () => {
    expect(decideFormError(new ApiError(409, 'x', 'VERSION_CONFLICT'), { fields })).toEqual({
      kind: 'conflict',
    });
    const redirectOf = (e: ApiError) => (e.status === 404 ? '/eventos' : undefined);
    expect(decideFormError(new ApiError(404, 'No existe'), { fields, redirectOf })).toEqual({
      kind: 'redirect',
      to: '/eventos',
    });
  });
});
