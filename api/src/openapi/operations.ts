/**
 * What a generated client needs to know about each operation and that a route's schema does
 * not say (issue #13 "The API as a contract"): a stable camelCase `operationId` (the client's
 * method name — never rename one), a Spanish description with the permission it needs, and the
 * descriptions of its success answers. Keyed `METHOD /path` as the path appears in
 * /api/docs/json (`{id}` parameters, no trailing slash).
 *
 * Every documented route needs an entry: test/openapi-contract.test.ts fails for one without.
 * This file holds the administration's (/api/usuarios, roles, sesiones, auditoria,
 * configuracion); /api/auth's are in operations-auth.ts, the data areas' (eventos, informes,
 * filtrado) in operations-datos.ts, and the texts several areas repeat in operation-texts.ts.
 * Parameter and error-status descriptions shared by many operations live in descriptions.ts;
 * an entry's `parameters` and `responses` override them for that operation only.
 */
import { DOMINIOS_PERMITIDOS_MAX, ROLES_READ_PERMISSIONS } from '@gestion/shared';
import { AUTH_OPERATIONS } from './operations-auth';
import { DATA_OPERATIONS } from './operations-datos';
import { GRUPOS_OPERATIONS } from './operations-grupos';
import { SCIM_TOKENS_OPERATIONS } from './operations-scim-tokens';
import { API_TOKENS_OPERATIONS } from './operations-api-tokens';
import { MFA_OPERATIONS } from './operations-mfa';
import { PASSKEY_OPERATIONS } from './operations-passkeys';
import { SSO_OPERATIONS } from './operations-sso';
import { CSV, LIST, VERSION } from './operation-texts';

/** What the document adds to one operation (document.ts). */
export interface OperationDoc {
  operationId: string;
  description: string;
  /** This operation's own parameter descriptions, over `PARAMETER_DESCRIPTIONS`. */
  parameters?: Readonly<Record<string, string>>;
  /** This operation's own response descriptions by status, over `STATUS_DESCRIPTIONS`. */
  responses?: Readonly<Record<string, string>>;
}

/** Roles are readable by whoever may give them or act on users (delegation needs them). */
const ROLES_READ = `uno de los permisos ${ROLES_READ_PERMISSIONS.join(', ')}`;

const INVITACION_PENDIENTE =
  '`true`: solo usuarios con la invitación pendiente; `false`: solo los demás (issue #15).';
const DELEGATION =
  'Reglas de delegación (issue #13): quien no es admin solo actúa sobre usuarios con permisos que él también tiene, y solo da o quita roles cuyos permisos tiene; admin solo lo da, quita o toca un admin. Una negativa es 403 FORBIDDEN con el motivo en `message` y queda auditada.';

export const OPERATIONS: Readonly<Record<string, OperationDoc>> = {
  'GET /healthz': {
    operationId: 'getHealth',
    description: 'Vivacidad: responde mientras el proceso corre, sin tocar la base de datos.',
    responses: { 200: 'El proceso está vivo.' },
  },
  'GET /readyz': {
    operationId: 'getReadiness',
    description:
      'Disponibilidad: comprueba que la base de datos responde; un balanceador deja de enviar tráfico a la réplica que responde 503.',
    responses: { 200: 'Lista para atender.', 503: 'La base de datos no responde.' },
  },

  ...AUTH_OPERATIONS,
  ...MFA_OPERATIONS,
  ...PASSKEY_OPERATIONS,

  // --- /api/usuarios ----------------------------------------------------------------------
  'GET /api/usuarios': {
    operationId: 'listUsuarios',
    description: `Lista usuarios (permiso usuarios:ver). ${LIST} Con \`q\` o \`activo\`, \`total\` se cuenta hasta 2000 ("2000 o más").`,
    parameters: {
      q: 'Palabras buscadas en correo y nombre, sin distinguir mayúsculas ni acentos; todas deben aparecer.',
      invitacionPendiente: INVITACION_PENDIENTE,
    },
    responses: { 200: 'Una página de usuarios.' },
  },
  'POST /api/usuarios': {
    operationId: 'createUsuario',
    description: `Crea un usuario (permiso usuarios:crear) con los \`roles\` dados. Sin \`password\` ni \`generarPassword\` queda pendiente (\`invitacionPendiente: true\`) y recibe por correo una invitación (72 horas). Con \`generarPassword: true\` se genera una contraseña temporal sin caracteres ambiguos, devuelta una vez en \`passwordTemporal\`; con \`password\`, esa. En ambos casos el usuario debe cambiarla al entrar (ASVS 6.4.6). ${DELEGATION}`,
    responses: {
      201: 'El usuario creado (con `passwordTemporal` si se generó).',
      409: 'El correo ya existe (EMAIL_TAKEN).',
    },
  },
  'GET /api/usuarios/export': {
    operationId: 'exportUsuarios',
    description: `Exporta los usuarios del filtro como CSV (permiso usuarios:ver); mismos filtros y orden que la lista. ${CSV}`,
    parameters: {
      q: 'Palabras buscadas en correo y nombre, sin distinguir mayúsculas ni acentos; todas deben aparecer.',
      invitacionPendiente: INVITACION_PENDIENTE,
    },
    responses: { 200: 'El CSV (columnas email, nombre, roles, activo, creadoEn, ultimoAcceso).' },
  },
  'POST /api/usuarios/import': {
    operationId: 'importUsuarios',
    description: `Importa usuarios de un CSV (permisos usuarios:crear y usuarios:editar): un correo existente se actualiza, uno nuevo se crea. Con \`dryRun=1\` solo devuelve el informe por fila; sin él se guardan todas las filas o ninguna. ${DELEGATION}`,
    responses: {
      200: 'El informe por fila y el resumen; `aplicado` dice si se guardó.',
      400: 'CSV no válido, o filas rechazadas al aplicar (una entrada de `details` por fila; nada se guardó).',
    },
  },
  'POST /api/usuarios/bulk': {
    operationId: 'bulkUsuarios',
    description: `Aplica una acción a varios usuarios en una sola petición (permiso usuarios:editar; \`eliminar\` pide usuarios:eliminar) y responde un resultado por usuario: hecho, o rechazado con el motivo. Nunca toca la cuenta de quien llama. Los usuarios se indican por \`ids\` o por \`filtro\` (uno de los dos): \`filtro\` lleva los filtros de GET /api/usuarios (\`q\`, \`rol\`, \`activo\`, \`invitacionPendiente\`) y el servidor lo resuelve al recibir la petición, como mucho 1000 usuarios ("todos los que coinciden" de la consola). ${DELEGATION}`,
    responses: {
      200: 'Un resultado por usuario (por id distinto en el orden enviado; con `filtro`, por nombre y con `nombre` y `email` de cada uno) y el resumen.',
      400: 'Ni `ids` ni `filtro`, o los dos; un `filtro` que coincide con más de 1000 usuarios (campo `filtro`, nada se hizo); o falta el `rol` de asignarRol/quitarRol.',
    },
  },
  'GET /api/usuarios/{id}': {
    operationId: 'getUsuario',
    description:
      'Un usuario (permiso usuarios:ver), con `emailVerificado` (página de usuario, issue #14).',
    responses: { 200: 'El usuario.' },
  },
  'PATCH /api/usuarios/{id}': {
    operationId: 'updateUsuario',
    description: `Edita nombre, correo o \`activo\` (permiso usuarios:editar). Desactivar cierra todas sus sesiones. No se puede desactivar al último admin activo ni a uno mismo. ${VERSION} ${DELEGATION}`,
    responses: { 200: 'El usuario guardado.' },
  },
  'DELETE /api/usuarios/{id}': {
    operationId: 'deleteUsuario',
    description: `Elimina un usuario (permiso usuarios:eliminar); si tiene datos asociados se desactiva en su lugar (200). Nunca al último admin activo ni a uno mismo. ${DELEGATION}`,
    responses: {
      200: 'No se podía eliminar y se desactivó: `{desactivado: true, usuario, message}`.',
      204: 'Eliminado.',
    },
  },
  'PUT /api/usuarios/{id}/roles': {
    operationId: 'setUsuarioRoles',
    description: `Sustituye los roles de un usuario (permiso usuarios:editar). \`version\` opcional: si se envía y está desfasada, 409. ${DELEGATION}`,
    responses: { 200: 'El usuario con sus roles nuevos.' },
  },
  'POST /api/usuarios/{id}/sessions/revoke': {
    operationId: 'revokeUsuarioSesiones',
    description: `Cierra todas las sesiones de un usuario (permiso usuarios:editar). ${DELEGATION}`,
    responses: { 200: '`{revocadas}`: cuántas sesiones se cerraron.' },
  },
  'GET /api/usuarios/{id}/sesiones': {
    operationId: 'listUsuarioSesiones',
    description: `Sesiones abiertas de un usuario, la de uso más reciente primero; \`actual\` marca la de quien llama (permiso usuarios:editar). ${DELEGATION}`,
    responses: { 200: `${LIST} Todas las sesiones vivas en una página.` },
  },
  'DELETE /api/usuarios/{id}/sesiones/{sesionId}': {
    operationId: 'revokeUsuarioSesion',
    description: `Cierra una sesión de un usuario (permiso usuarios:editar); queda auditada sobre el usuario como \`usuarios.revocar_sesion\`. ${DELEGATION}`,
    responses: {
      204: 'Cerrada.',
      404: 'El usuario no existe, o la sesión no es suya o ya se cerró.',
    },
  },
  'POST /api/usuarios/{id}/password-reset': {
    operationId: 'sendUsuarioPasswordReset',
    description: `Envía al usuario un enlace para restablecer su contraseña (permiso usuarios:editar); quien administra nunca la ve ni la elige (ASVS 6.4.6). ${DELEGATION}`,
    responses: {
      202: '`{message}`: enlace enviado.',
      409: 'El usuario aún no aceptó su invitación (reenvíela).',
    },
  },
  'POST /api/usuarios/{id}/invitation': {
    operationId: 'resendUsuarioInvitation',
    description: `Reenvía la invitación de un usuario pendiente (permiso usuarios:editar); el enlace anterior deja de servir. ${DELEGATION}`,
    responses: { 202: '`{message}`: invitación enviada.', 409: 'El usuario no está pendiente.' },
  },
  'DELETE /api/usuarios/{id}/invitation': {
    operationId: 'revokeUsuarioInvitation',
    description: `Revoca la invitación de un usuario pendiente (permiso usuarios:editar): sus enlaces dejan de servir y el usuario sigue pendiente. ${DELEGATION}`,
    responses: { 204: 'Invitación revocada.', 409: 'El usuario no está pendiente.' },
  },

  // --- /api/roles, /api/permisos ----------------------------------------------------------
  'GET /api/roles': {
    operationId: 'listRoles',
    description: `Lista los roles con sus permisos y el número de usuarios de cada uno (${ROLES_READ}). ${LIST}`,
    parameters: {
      q: 'Texto buscado en el nombre y la descripción del rol, sin distinguir mayúsculas.',
    },
    responses: { 200: 'Una página de roles.' },
  },
  'POST /api/roles': {
    operationId: 'createRol',
    description: `Crea un rol (permiso roles:gestionar). Los permisos son nombres del catálogo (GET /api/permisos); quien no es admin solo incluye permisos que tiene.`,
    responses: {
      201: 'El rol creado.',
      409: 'Ya existe un rol con ese nombre (sin distinguir mayúsculas).',
    },
  },
  'GET /api/roles/{id}': {
    operationId: 'getRol',
    description: `Un rol (${ROLES_READ}).`,
    responses: { 200: 'El rol.' },
  },
  'PATCH /api/roles/{id}': {
    operationId: 'updateRol',
    description: `Renombra un rol, cambia su descripción o sustituye sus permisos (permiso roles:gestionar). \`admin\` no se renombra ni cambia de permisos; nadie cambia los permisos de un rol que tiene ni escribe permisos que no tiene. ${VERSION}`,
    responses: { 200: 'El rol guardado.' },
  },
  'DELETE /api/roles/{id}': {
    operationId: 'deleteRol',
    description:
      'Elimina un rol (permiso roles:gestionar). Si hay usuarios con él hay que indicar `reemplazo`; si es el rol por defecto del registro, `rolPorDefecto`. `admin` no se elimina ni puede ser reemplazo ni rol por defecto.',
    responses: {
      204: 'Eliminado.',
      409: 'Hay usuarios con el rol y falta `reemplazo`, es el rol por defecto y falta `rolPorDefecto`, o es `admin`.',
    },
  },
  'GET /api/permisos': {
    operationId: 'listPermisos',
    description:
      'El catálogo de permisos con su descripción en español, en una sola página (permiso roles:ver).',
    responses: { 200: 'Todos los permisos (`page` 1, `pageSize` = `total`).' },
  },

  ...GRUPOS_OPERATIONS,
  ...SCIM_TOKENS_OPERATIONS,
  ...SSO_OPERATIONS,
  ...API_TOKENS_OPERATIONS,

  // --- /api/sesiones ----------------------------------------------------------------------
  'GET /api/sesiones': {
    operationId: 'listSesiones',
    description:
      'Las sesiones abiertas del usuario de la sesión, la usada más recientemente primero (sin permiso especial).',
    responses: {
      200: 'Todas las sesiones vivas, en una página; `actual` marca la de esta petición.',
    },
  },
  'DELETE /api/sesiones/{id}': {
    operationId: 'deleteSesion',
    description: 'Cierra una de las sesiones propias.',
    responses: { 204: 'Sesión cerrada.', 404: 'No existe o no es una sesión propia.' },
  },
  'POST /api/sesiones/revocar-otras': {
    operationId: 'revokeOtrasSesiones',
    description: 'Cierra todas las sesiones propias menos la actual.',
    responses: { 200: '`{revocadas}`: cuántas sesiones se cerraron.' },
  },

  // --- /api/auditoria ---------------------------------------------------------------------
  'GET /api/auditoria': {
    operationId: 'listAuditoria',
    description: `El registro de auditoría, lo más reciente primero (permiso auditoria:ver). ${LIST}`,
    parameters: { q: 'Texto buscado en el correo del actor, la acción o el id del objetivo.' },
    responses: { 200: 'Una página de eventos de auditoría.' },
  },
  'GET /api/auditoria/export': {
    operationId: 'exportAuditoria',
    description: `Exporta la auditoría del filtro como CSV (permiso auditoria:ver); \`cambios\` va como texto JSON. ${CSV}`,
    parameters: { q: 'Texto buscado en el correo del actor, la acción o el id del objetivo.' },
    responses: { 200: 'El CSV de la auditoría.' },
  },

  // --- /api/configuracion -----------------------------------------------------------------
  'GET /api/configuracion': {
    operationId: 'getConfiguracion',
    description:
      'Los ajustes del registro abierto: si está abierto, el rol que da y los dominios de correo que pueden usarlo (permiso configuracion:gestionar).',
    responses: { 200: 'Los ajustes.' },
  },
  'PATCH /api/configuracion': {
    operationId: 'updateConfiguracion',
    description: `Cambia los ajustes del registro (permiso configuracion:gestionar). El rol por defecto debe existir, no ser \`admin\` y cumplir las reglas de delegación; los dominios se guardan normalizados (sin \`@\`, en minúsculas, sin repetir), como mucho ${DOMINIOS_PERMITIDOS_MAX}. ${VERSION}`,
    responses: { 200: 'Los ajustes guardados.' },
  },
  'GET /api/configuracion/correo': {
    operationId: 'getCorreoEstado',
    description:
      'Ajustes › Correo (permiso configuracion:gestionar): cómo sale el correo (`smtp` con SMTP_URL; `log` sin él: los correos se escriben en el registro y no se envían), el remitente (MAIL_FROM) y los 50 envíos más recientes, del más nuevo al más antiguo, con su estado (`pendiente`, `enviado`, `fallido`), sus intentos y el último error.',
    responses: { 200: 'Transporte, remitente y envíos recientes.' },
  },
  'POST /api/configuracion/correo/prueba': {
    operationId: 'sendCorreoPrueba',
    description:
      'Pone en cola un correo de prueba para `destinatario` o, sin él, para quien llama (permiso configuracion:gestionar). Sale por la misma cola que cualquier otro correo, así que su fila en GET /api/configuracion/correo dice si llegó a salir. Queda auditado.',
    responses: { 202: 'En cola: `{message}`.', 400: 'El correo del destinatario no es válido.' },
  },

  ...DATA_OPERATIONS,
};
