/**
 * The OpenAPI entries of /api/grupos (issue #17), as operations.ts describes them for the other
 * areas: a stable `operationId`, a Spanish description with the permission, the success answers.
 */
import type { OperationDoc } from './operations';
import { LIST, VERSION } from './operation-texts';

const DELEGACION_GRUPOS =
  'Reglas de delegación (issue #13): un miembro recibe los roles del grupo, así que quien no es admin solo escribe grupos cuyos roles (antes y después del cambio) puede dar, y solo añade o quita usuarios sobre los que puede actuar; nadie se quita a sí mismo el rol admin. Una negativa es 403 FORBIDDEN y queda auditada.';

export const GRUPOS_OPERATIONS: Readonly<Record<string, OperationDoc>> = {
  'GET /api/grupos': {
    operationId: 'listGrupos',
    description: `Lista los grupos con sus roles y su número de miembros (permiso grupos:ver). ${LIST}`,
    parameters: {
      q: 'Texto buscado en el nombre y la descripción del grupo, sin distinguir mayúsculas.',
      usuarioId: 'Solo los grupos de los que este usuario es miembro.',
    },
    responses: { 200: 'Una página de grupos.' },
  },
  'POST /api/grupos': {
    operationId: 'createGrupo',
    description: `Crea un grupo con los \`roles\` dados (permiso grupos:gestionar). ${DELEGACION_GRUPOS}`,
    responses: {
      201: 'El grupo creado.',
      409: 'Ya existe un grupo con ese nombre (sin distinguir mayúsculas) o ese `externalId`.',
    },
  },
  'GET /api/grupos/{id}': {
    operationId: 'getGrupo',
    description: 'Un grupo (permiso grupos:ver).',
    responses: { 200: 'El grupo.' },
  },
  'PATCH /api/grupos/{id}': {
    operationId: 'updateGrupo',
    description: `Renombra un grupo, cambia su descripción, su \`externalId\` o sustituye sus roles (permiso grupos:gestionar). ${DELEGACION_GRUPOS} ${VERSION}`,
    responses: { 200: 'El grupo guardado.' },
  },
  'DELETE /api/grupos/{id}': {
    operationId: 'deleteGrupo',
    description: `Elimina un grupo; sus miembros dejan de tener sus roles (permiso grupos:gestionar). ${DELEGACION_GRUPOS}`,
    responses: { 204: 'Eliminado.' },
  },
  'GET /api/grupos/{id}/miembros': {
    operationId: 'listMiembrosGrupo',
    description: `Los miembros de un grupo, por nombre (permiso grupos:ver). ${LIST}`,
    parameters: {
      q: 'Palabras buscadas en correo y nombre, sin distinguir mayúsculas ni acentos.',
    },
    responses: { 200: 'Una página de miembros.' },
  },
  'PUT /api/grupos/{id}/miembros': {
    operationId: 'setMiembrosGrupo',
    description: `Añade los usuarios de \`añadir\` y quita los de \`quitar\` (ids; permiso grupos:gestionar). Quien ya está, o no está, se omite. ${DELEGACION_GRUPOS}`,
    responses: { 200: 'El grupo con su número de miembros nuevo.' },
  },
};
