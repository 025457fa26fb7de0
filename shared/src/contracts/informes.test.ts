import { Value } from '@sinclair/typebox/value';
import type { RoleHolder } from '../auth/checks';
import {
  InformeListQuerySchema,
  ResultadoQuerySchema,
  datosDeInforme,
  puedeEjecutarInforme,
  puedeGestionarInforme,
} from './informes';
import { PAGE_MAX, sinNul } from './listas';

const con = (id: number, ...permisos: string[]): RoleHolder & { id: number } => ({
  id,
  roles: [{ nombre: 'r', permisos: permisos.map((nombre) => ({ nombre })) }],
});
const admin = { id: 1, roles: [{ nombre: 'admin', permisos: [] }] };
const sobreUsuarios = { entidad: 'usuarios', filtros: [] };

describe('datosDeInforme', () => {
  it('names the data of each type, and of a listado its filter entity', () => {
    expect(datosDeInforme('eventos-por-mes', null)).toBe('eventos');
    expect(datosDeInforme('usuarios-por-rol', undefined)).toBe('usuarios');
    expect(datosDeInforme('actividad', null)).toBe('auditoria');
    expect(datosDeInforme('listado', sobreUsuarios)).toBe('usuarios');
    expect(datosDeInforme('listado', { entidad: 'contraseñas', filtros: [] })).toBeUndefined();
  });
});

describe('puedeEjecutarInforme', () => {
  it('needs the read permission of the data the report shows', () => {
    const usuario = con(2, 'eventos:ver', 'periodos:ver', 'informes:ver');
    expect(puedeEjecutarInforme(usuario, { tipo: 'eventos-por-estado', filtros: null })).toBe(true);
    expect(puedeEjecutarInforme(usuario, { tipo: 'usuarios-por-rol', filtros: null })).toBe(false);
    expect(puedeEjecutarInforme(usuario, { tipo: 'listado', filtros: sobreUsuarios })).toBe(false);
    expect(puedeEjecutarInforme(usuario, { tipo: 'actividad', filtros: null })).toBe(false);
    expect(puedeEjecutarInforme(admin, { tipo: 'actividad', filtros: null })).toBe(true);
    expect(puedeEjecutarInforme(null, { tipo: 'eventos-por-mes', filtros: null })).toBe(false);
  });
});

describe('puedeGestionarInforme', () => {
  it('lets the author or an admin change a report, nobody else', () => {
    const gestor = con(3, 'informes:crear', 'informes:eliminar');
    expect(puedeGestionarInforme(gestor, { creadoPor: { id: 3 } })).toBe(true);
    expect(puedeGestionarInforme(gestor, { creadoPor: { id: 4 } })).toBe(false);
    expect(puedeGestionarInforme(gestor, { creadoPor: null })).toBe(false);
    expect(puedeGestionarInforme(admin, { creadoPor: { id: 4 } })).toBe(true);
    expect(puedeGestionarInforme(admin, { creadoPor: null })).toBe(true);
    expect(puedeGestionarInforme(null, { creadoPor: { id: 3 } })).toBe(false);
  });
});

describe('list bounds', () => {
  it('bounds page by PAGE_MAX and refuses NUL in q', () => {
    expect(Value.Check(InformeListQuerySchema, { page: PAGE_MAX })).toBe(true);
    expect(Value.Check(InformeListQuerySchema, { page: PAGE_MAX + 1 })).toBe(false);
    expect(Value.Check(ResultadoQuerySchema, { page: Infinity })).toBe(false);
    expect(Value.Check(InformeListQuerySchema, { q: 'a\u0001b' })).toBe(true);
    expect(Value.Check(InformeListQuerySchema, { q: 'a\u0000b' })).toBe(false);
    expect(sinNul('jos\u0000e')).toBe(false);
    expect(sinNul('josé')).toBe(true);
  });
});
