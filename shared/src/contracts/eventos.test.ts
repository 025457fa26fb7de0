import { Value } from '@sinclair/typebox/value';
import {
  EVENTO_ESTADOS,
  EventoCreateSchema,
  EventoListQuerySchema,
  allowedTransitions,
  canTransition,
  formatEventosMessage,
  isFinalEstado,
  parseIsoDateTime,
  type EventoEstado,
} from './eventos';

describe('canTransition', () => {
  const allowed: [EventoEstado, EventoEstado][] = [
    ['borrador', 'publicado'],
    ['publicado', 'finalizado'],
    ['borrador', 'cancelado'],
    ['publicado', 'cancelado'],
  ];

  it.each(allowed)('allows %s → %s', (from, to) => {
    expect(canTransition(from, to)).toBe(true);
  });

  it('refuses every other pair, including staying in the same state', () => {
    for (const from of EVENTO_ESTADOS) {
      for (const to of EVENTO_ESTADOS) {
        const isAllowed = allowed.some(([f, t]) => f === from && t === to);
        expect([from, to, canTransition(from, to)]).toEqual([from, to, isAllowed]);
      }
    }
    expect(canTransition('borrador', 'finalizado')).toBe(false);
    expect(canTransition('finalizado', 'cancelado')).toBe(false);
    expect(canTransition('cancelado', 'borrador')).toBe(false);
  });

  it('lists the allowed targets and marks cancelado and finalizado as final', () => {
    expect(allowedTransitions('borrador')).toEqual(['publicado', 'cancelado']);
    expect(allowedTransitions('publicado')).toEqual(['finalizado', 'cancelado']);
    expect(allowedTransitions('finalizado')).toEqual([]);
    expect(EVENTO_ESTADOS.filter(isFinalEstado)).toEqual(['cancelado', 'finalizado']);
  });
});

describe('parseIsoDateTime', () => {
  it('reads Z and offsets as the same instant', () => {
    const utc = Date.UTC(2026, 2, 1, 9, 0, 0);
    expect(parseIsoDateTime('2026-03-01T09:00:00Z')).toBe(utc);
    expect(parseIsoDateTime('2026-03-01T09:00:00.000Z')).toBe(utc);
    expect(parseIsoDateTime('2026-03-01T10:00:00+01:00')).toBe(utc);
    expect(parseIsoDateTime('2026-03-01T04:00-05:00')).toBe(utc);
  });

  it('refuses strings without a zone, dates alone and impossible dates', () => {
    expect(parseIsoDateTime('2026-03-01T09:00:00')).toBeUndefined();
    expect(parseIsoDateTime('2026-03-01')).toBeUndefined();
    expect(parseIsoDateTime('2026-02-30T09:00:00Z')).toBeUndefined();
    expect(parseIsoDateTime('2026-13-01T09:00:00Z')).toBeUndefined();
    expect(parseIsoDateTime('mañana')).toBeUndefined();
  });
});

describe('schemas', () => {
  it('accept a minimal create body and refuse unknown fields', () => {
    const body = {
      nombre: 'Congreso',
      lugar: 'Madrid',
      fechaInicio: '2026-03-01T09:00:00Z',
      fechaFin: '2026-03-03T18:00:00Z',
    };
    expect(Value.Check(EventoCreateSchema, body)).toBe(true);
    expect(Value.Check(EventoCreateSchema, { ...body, estado: 'archivado' })).toBe(false);
    expect(Value.Check(EventoCreateSchema, { ...body, extra: 1 })).toBe(false);
  });

  it('bound pageSize of the event list to 100', () => {
    expect(Value.Check(EventoListQuerySchema, { pageSize: 100, sort: '-fechaInicio' })).toBe(true);
    expect(Value.Check(EventoListQuerySchema, { pageSize: 101 })).toBe(false);
    expect(Value.Check(EventoListQuerySchema, { sort: 'lugar' })).toBe(false);
  });
});

it('formats message placeholders', () => {
  expect(formatEventosMessage('El periodo se solapa con «{nombre}»', { nombre: 'Mañana' })).toBe(
    'El periodo se solapa con «Mañana»',
  );
});
