/**
 * Checks the services make with their own Spanish messages, stated in /api/docs/json so a
 * generated client knows them (issue #13). They stay out of the validation schemas on purpose:
 * there Ajv would refuse first with its generic text, and the product's messages ("Correo
 * electrónico no válido", "La contraseña debe tener al menos 8 caracteres", "Entidad no
 * permitida: «x»") would be lost. Each entry names the server rule it mirrors, so the two move
 * together.
 */
import {
  ALL_PERMISSIONS,
  DOMINIO_MAX_LENGTH,
  DOMINIO_PATTERN,
  FILTRO_ENTIDADES,
  FILTRO_OPERADORES,
  NOMBRE_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  ROL_NOMBRE_MAX_LENGTH,
} from '@gestion/shared';
import { EMAIL_PATTERN } from '../lib/email';

/** JSON Schema keywords added to one property of a request body. */
export type Keywords = Readonly<Record<string, unknown>>;

/**
 * `isValidEmail` (lib/email.ts) on the trimmed, lowercased address. The pattern is the server's
 * own, made case-insensitive here because the server lowercases before testing it.
 */
const EMAIL: Keywords = {
  format: 'email',
  pattern: EMAIL_PATTERN.source.replace(/a-z/g, 'a-zA-Z'),
  description:
    'Correo electrónico (se guarda sin espacios y en minúsculas); se admite un dominio sin punto, p. ej. admin@localhost.',
};

/** `passwordProblem` (lib/passwords.ts): 8..128 characters, not common, not the e-mail or name. */
const NEW_PASSWORD: Keywords = {
  minLength: PASSWORD_MIN_LENGTH,
  maxLength: PASSWORD_MAX_LENGTH,
  description: `De ${PASSWORD_MIN_LENGTH} a ${PASSWORD_MAX_LENGTH} caracteres; no una contraseña común ni igual al correo o al nombre.`,
};

/** A person's nombre: required non-blank after trimming (API_MESSAGES.nombreRequired). */
const NOMBRE: Keywords = {
  minLength: 1,
  maxLength: NOMBRE_MAX_LENGTH,
  pattern: '\\S',
  description: 'Nombre (no vacío; se guarda sin espacios al principio ni al final).',
};

/** `ROL_NOMBRE` of roles-service.ts (ADMIN_MESSAGES.roleNameInvalid), after trimming. */
const ROL_NOMBRE: Keywords = {
  minLength: 1,
  maxLength: ROL_NOMBRE_MAX_LENGTH,
  pattern: `^[\\p{L}\\p{N} _-]{1,${ROL_NOMBRE_MAX_LENGTH}}$`,
  description: `Letras (de cualquier alfabeto), números, espacios, - o _; de 1 a ${ROL_NOMBRE_MAX_LENGTH} caracteres; único sin distinguir mayúsculas.`,
};

/** `isPermissionName` of the shared catalogue (ADMIN_MESSAGES.unknownPermission). */
const PERMISO: Keywords = { enum: [...ALL_PERMISSIONS] };

/** The filter's whitelist (FILTRADO_MESSAGES.entidadNoPermitida, operadorNoPermitido). */
const ENTIDAD: Keywords = { enum: [...FILTRO_ENTIDADES] };
const OPERADOR: Keywords = {
  enum: [...FILTRO_OPERADORES],
  description: 'Cada campo admite solo los operadores de su tipo (lista blanca de filtrado).',
};

/** `isValidDominio` (shared configuracion.ts) after normalising; send the normalised form. */
const DOMINIO: Keywords = {
  pattern: DOMINIO_PATTERN,
  maxLength: DOMINIO_MAX_LENGTH,
  description:
    'Dominio de correo en minúsculas, sin @ (p. ej. empresa.es); solo ese, no sus subdominios.',
};

/**
 * By operation, then by property path in the request body: `a.b` for a nested property, `a[]`
 * for the items of an array (`filtros[].operador`).
 */
export const BODY_CONSTRAINTS: Readonly<Record<string, Readonly<Record<string, Keywords>>>> = {
  'POST /api/auth/register': { email: EMAIL, password: NEW_PASSWORD, nombre: NOMBRE },
  'PATCH /api/auth/me': { nombre: NOMBRE },
  'POST /api/auth/password': { nueva: NEW_PASSWORD },
  'POST /api/usuarios': { email: EMAIL, password: NEW_PASSWORD, nombre: NOMBRE },
  'PATCH /api/usuarios/{id}': { email: EMAIL, nombre: NOMBRE },
  'POST /api/roles': { nombre: ROL_NOMBRE, 'permisos[]': PERMISO },
  'PATCH /api/roles/{id}': { nombre: ROL_NOMBRE, 'permisos[]': PERMISO },
  'PATCH /api/configuracion': { 'dominiosPermitidos[]': DOMINIO },
  'POST /api/filtrado': { entidad: ENTIDAD, 'filtros[].operador': OPERADOR },
  'POST /api/informes': { 'filtros.entidad': ENTIDAD, 'filtros.filtros[].operador': OPERADOR },
  'PATCH /api/informes/{id}': {
    'filtros.entidad': ENTIDAD,
    'filtros.filtros[].operador': OPERADOR,
  },
};
