/**
 * What a generated client needs to know about each operation and that a route's schema does
 * not say (issue #13 "The API as a contract"): a stable camelCase `operationId` (the client's
 * method name — never rename one), a Spanish description with the permission it needs, and the
 * descriptions of its success answers. Keyed `METHOD /path` as the path appears in
 * /api/docs/json (`{id}` parameters, no trailing slash).
 *
 * Every documented route needs an entry: test/openapi-contract.test.ts fails for one without.
 * Parameter and error-status descriptions shared by many operations live in descriptions.ts;
 * an entry's `parameters` and `responses` override them for that operation only.
 */
import { DOMINIOS_PERMITIDOS_MAX, ROLES_READ_PERMISSIONS } from '@gestion/shared';
import { MFA_OPERATIONS } from './operations-mfa';

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

const LIST = 'Una página: `{items, total, page, pageSize}`.';
const VERSION =
  'Envíe la `version` leída: si otro la cambió antes, 409 VERSION_CONFLICT y nada se guarda.';
const CSV =
  'CSV UTF-8 con BOM y CRLF, con todas las filas del filtro (sin páginas), en streaming; los filtros se validan antes de enviar las cabeceras, así que un error llega como JSON.';
const INVITACION_PENDIENTE =
  '`true`: solo usuarios con la invitación pendiente; `false`: solo los demás (issue #15).';
const DELEGATION =
  'Reglas de delegación (issue #13): quien no es admin solo actúa sobre usuarios con permisos que él también tiene, y solo da o quita roles cuyos permisos tiene; admin solo lo da, quita o toca un admin. Una negativa es 403 FORBIDDEN con el motivo en `message` y queda auditada.';

export const OPERATIONS: Readonly<Record<string, OperationDoc>> = {
  ...MFA_OPERATIONS,
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

  // --- /api/auth -------------------------------------------------------------------------
  'POST /api/auth/login': {
    operationId: 'login',
    description:
      'Inicia sesión con correo y contraseña y devuelve un token opaco (cabecera `Authorization: Bearer <token>`) y el usuario con sus roles y permisos. Un correo desconocido y una contraseña errónea responden igual (401 INVALID_CREDENTIALS). Limitado por IP (RATE_LIMIT_LOGIN por minuto) y, tras fallos repetidos, por cuenta y dirección de origen (con un tope por cuenta para quien sigue fallando): 429 RATE_LIMITED o ACCOUNT_LOCKED con `Retry-After`. Los fallos de otras direcciones nunca bloquean al titular: con la cuenta en su tope, la contraseña correcta desde una dirección sin fallos recibe `{verificacion: {token}}` y un código de seis dígitos por correo (véase /api/auth/login/verify). `user.debeCambiarPassword: true` si un administrador eligió la contraseña: hasta cambiarla, toda llamada salvo GET /api/auth/me, POST /api/auth/password y POST /api/auth/logout responde 403 PASSWORD_CHANGE_REQUIRED (issue #15).',
    responses: {
      200: 'Sesión iniciada: `{token, user}`; o, con la cuenta bajo ataque, `{verificacion: {token}}`.',
      401: 'Credenciales incorrectas.',
      403: 'Correo sin verificar con verificacionEmail activo (EMAIL_NO_VERIFICADO), tras la contraseña correcta.',
    },
  },
  'POST /api/auth/login/verify': {
    operationId: 'verifyLoginCode',
    description:
      'Completa un inicio de sesión verificado por correo: el `token` de `{verificacion}` y el `codigo` de seis dígitos recibido (10 minutos, 5 intentos, un solo uso). Limitado como el inicio de sesión.',
    responses: {
      200: 'Sesión iniciada: `{token, user}`.',
      401: 'Código incorrecto, caducado o ya usado (INVALID_CREDENTIALS).',
    },
  },
  'POST /api/auth/password/forgot': {
    operationId: 'forgotPassword',
    description:
      'Pide un enlace para restablecer la contraseña (APP_URL/restablecer?token=…, 30 minutos, un solo uso; uno nuevo anula los anteriores). La misma respuesta y el mismo trabajo para cualquier correo; como mucho 3 enlaces por cuenta y hora (después, la misma respuesta sin correo) y RATE_LIMIT_REGISTER peticiones por IP y hora (429).',
    responses: { 202: '`{message}`, el mismo para cualquier correo.' },
  },
  'POST /api/auth/password/reset': {
    operationId: 'resetPassword',
    description:
      'Fija una contraseña nueva con el token del enlace: cumple la política, cierra todas las sesiones del usuario, anula sus demás enlaces, levanta el bloqueo por intentos fallidos y le avisa por correo. No inicia sesión.',
    responses: {
      204: 'Contraseña restablecida.',
      400: 'Token usado, caducado o desconocido (TOKEN_INVALIDO) o contraseña fuera de la política (VALIDATION_ERROR, `details` de `password`).',
    },
  },
  'POST /api/auth/invitation/accept': {
    operationId: 'acceptInvitation',
    description:
      'Acepta una invitación (APP_URL/invitacion?token=…, 72 horas): fija la contraseña, da el correo por verificado e inicia sesión.',
    responses: {
      200: 'Sesión iniciada: `{token, user}`.',
      400: 'Token usado, caducado, revocado o desconocido (TOKEN_INVALIDO) o contraseña fuera de la política.',
    },
  },
  'POST /api/auth/email/verify': {
    operationId: 'verifyEmail',
    description:
      'Verifica el correo de una cuenta con el token del enlace (APP_URL/verificar?token=…, 24 horas).',
    responses: { 204: 'Correo verificado.', 400: 'Token no válido (TOKEN_INVALIDO).' },
  },
  'POST /api/auth/email/resend': {
    operationId: 'resendEmailVerification',
    description:
      'Reenvía el enlace de verificación a una cuenta pendiente. La misma respuesta para cualquier correo; limitado por IP (RATE_LIMIT_REGISTER por hora) y a 3 enlaces por cuenta y hora.',
    responses: { 202: '`{message}`, el mismo para cualquier correo.' },
  },
  'POST /api/auth/email': {
    operationId: 'changeEmail',
    description:
      'Pide cambiar el correo del usuario de la sesión, con su contraseña: el enlace de confirmación (APP_URL/confirmar-correo?token=…, 24 horas) va a la NUEVA dirección. Una dirección ya usada responde igual y su titular recibe un aviso. Los intentos con contraseña errónea cuentan como los del inicio de sesión.',
    responses: {
      202: '`{message}`.',
      400: 'Contraseña incorrecta (`details` de `password`) o correo no válido o igual al actual (`email`).',
    },
  },
  'POST /api/auth/email/confirm': {
    operationId: 'confirmEmailChange',
    description:
      'Aplica el cambio de correo con el token del enlace y avisa a la dirección anterior. Las sesiones siguen abiertas; los enlaces de restablecimiento enviados a la dirección anterior se anulan.',
    responses: {
      204: 'Correo cambiado.',
      400: 'Token no válido (TOKEN_INVALIDO).',
      409: 'La dirección se ha ocupado entretanto (EMAIL_TAKEN).',
    },
  },
  'POST /api/auth/register': {
    operationId: 'register',
    description:
      'Crea una cuenta con el rol por defecto de los ajustes e inicia sesión. Contraseña de 8 a 128 caracteres y no común. Limitado por IP (RATE_LIMIT_REGISTER por hora). Con el ajuste verificacionEmail activo no inicia sesión: responde `{message, verificacionPendiente: true}` y envía un enlace de verificación, y lo mismo (sin 409) para un correo ya registrado, cuyo titular recibe un aviso (ASVS 6.3.8).',
    responses: {
      201: "Cuenta creada: `{token, user, message: 'Cuenta creada correctamente'}`; con verificacionEmail, `{message, verificacionPendiente: true}`.",
      403: 'El registro está cerrado (REGISTRATION_CLOSED) o el dominio del correo no está entre los permitidos (REGISTRATION_DOMAIN).',
      409: 'El correo ya tiene cuenta (EMAIL_TAKEN).',
    },
  },
  'GET /api/auth/me': {
    operationId: 'getMe',
    description: 'El usuario de la sesión, con sus roles y permisos.',
    responses: { 200: '`{user}`.' },
  },
  'PATCH /api/auth/me': {
    operationId: 'updateMe',
    description:
      'Cambia el nombre del usuario de la sesión o el idioma (`es`, `en`) de sus correos (sin permiso especial).',
    responses: { 200: '`{user}` actualizado.' },
  },
  'POST /api/auth/logout': {
    operationId: 'logout',
    description: 'Cierra la sesión actual: el token deja de valer en el servidor al instante.',
  },
  'POST /api/auth/password': {
    operationId: 'changePassword',
    description:
      'Cambia la contraseña del usuario de la sesión: `actual` debe ser la contraseña vigente y `nueva` cumplir la política. Cierra las demás sesiones del usuario; la actual sigue abierta. Los intentos fallidos cuentan como los del inicio de sesión (429 con `Retry-After`).',
    responses: {
      204: 'Contraseña cambiada.',
      400: 'Datos no válidos: `actual` incorrecta o `nueva` fuera de la política (`details`).',
    },
  },

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
    responses: { 204: 'Cerrada.', 404: 'El usuario no existe, o la sesión no es suya o ya se cerró.' },
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

  // --- /api/eventos -----------------------------------------------------------------------
  'GET /api/eventos': {
    operationId: 'listEventos',
    description: `Lista eventos (permiso eventos:ver). ${LIST}`,
    parameters: {
      q: 'Palabras buscadas en nombre y lugar, sin distinguir mayúsculas ni acentos; todas deben aparecer.',
    },
    responses: { 200: 'Una página de eventos.' },
  },
  'POST /api/eventos': {
    operationId: 'createEvento',
    description:
      'Crea un evento (permiso eventos:crear), en estado `borrador` salvo que se indique otro. `fechaInicio` debe ser anterior a `fechaFin`.',
    responses: { 201: 'El evento creado.' },
  },
  'GET /api/eventos/export': {
    operationId: 'exportEventos',
    description: `Exporta los eventos del filtro como CSV (permiso eventos:ver); mismos filtros y orden que la lista. ${CSV}`,
    parameters: {
      q: 'Palabras buscadas en nombre y lugar, sin distinguir mayúsculas ni acentos; todas deben aparecer.',
    },
    responses: { 200: 'El CSV de eventos.' },
  },
  'POST /api/eventos/import': {
    operationId: 'importEventos',
    description:
      'Importa eventos de un CSV (permiso eventos:crear). Con `dryRun=1` solo devuelve el informe por fila; sin él se crean todas las filas o ninguna.',
    responses: { 200: 'El informe por fila y el resumen.' },
  },
  'GET /api/eventos/{id}': {
    operationId: 'getEvento',
    description: 'Un evento (permiso eventos:ver).',
    responses: { 200: 'El evento.' },
  },
  'PATCH /api/eventos/{id}': {
    operationId: 'updateEvento',
    description: `Edita un evento (permiso eventos:editar). 409 si la transición de estado no está permitida (INVALID_TRANSITION) o si las fechas dejan periodos fuera (EVENT_DATES_EXCLUDE_PERIODS). ${VERSION}`,
    responses: {
      200: 'El evento guardado.',
      409: 'Versión desfasada (VERSION_CONFLICT), transición de estado no permitida (INVALID_TRANSITION) o fechas que dejan periodos fuera (EVENT_DATES_EXCLUDE_PERIODS; `details` nombra cada periodo).',
    },
  },
  'DELETE /api/eventos/{id}': {
    operationId: 'deleteEvento',
    description: 'Elimina un evento y sus periodos (permiso eventos:eliminar).',
    responses: { 204: 'Eliminado con sus periodos.' },
  },
  'GET /api/eventos/{id}/periodos': {
    operationId: 'listPeriodos',
    description: `Los periodos de un evento, por fecha de inicio salvo otro orden (permiso periodos:ver). ${LIST}`,
    parameters: {
      q: 'Palabras buscadas en el nombre del periodo, sin distinguir mayúsculas ni acentos.',
    },
    responses: { 200: 'Una página de periodos.' },
  },
  'POST /api/eventos/{id}/periodos': {
    operationId: 'createPeriodo',
    description:
      'Crea un periodo dentro de las fechas del evento y sin solaparse con otro; tocarse sí se permite (permiso periodos:gestionar).',
    responses: { 201: 'El periodo creado.', 409: 'Se solapa con otro periodo (PERIOD_OVERLAP).' },
  },
  'GET /api/eventos/{id}/periodos/{periodoId}': {
    operationId: 'getPeriodo',
    description: 'Un periodo de un evento (permiso periodos:ver).',
    responses: { 200: 'El periodo.' },
  },
  'PATCH /api/eventos/{id}/periodos/{periodoId}': {
    operationId: 'updatePeriodo',
    description: `Edita un periodo (permiso periodos:gestionar); sigue dentro del evento y sin solapes. ${VERSION}`,
    responses: { 200: 'El periodo guardado.' },
  },
  'DELETE /api/eventos/{id}/periodos/{periodoId}': {
    operationId: 'deletePeriodo',
    description: 'Elimina un periodo (permiso periodos:gestionar).',
    responses: { 204: 'Eliminado.' },
  },

  // --- /api/informes, /api/filtrado -------------------------------------------------------
  'GET /api/informes': {
    operationId: 'listInformes',
    description: `Lista los informes guardados que quien llama puede ejecutar (permiso informes:ver y el de lectura de sus datos). ${LIST}`,
    parameters: { q: 'Texto buscado en el nombre del informe, sin distinguir mayúsculas.' },
    responses: { 200: 'Una página de informes.' },
  },
  'POST /api/informes': {
    operationId: 'createInforme',
    description:
      'Guarda un informe (permiso informes:crear y el permiso de lectura de sus datos). Un `listado` necesita un filtro (`filtros`).',
    responses: { 201: 'El informe guardado.' },
  },
  'GET /api/informes/{id}': {
    operationId: 'getInforme',
    description:
      'Un informe guardado (permiso informes:ver); sin su filtro (`filtros: null`, `filtrosOcultos`) si quien llama no puede leer sus datos.',
    responses: { 200: 'El informe.' },
  },
  'PATCH /api/informes/{id}': {
    operationId: 'updateInforme',
    description: `Edita un informe: solo su autor o un admin (permiso informes:crear y el de lectura de sus datos). ${VERSION}`,
    responses: { 200: 'El informe guardado.' },
  },
  'DELETE /api/informes/{id}': {
    operationId: 'deleteInforme',
    description: 'Elimina un informe: solo su autor o un admin (permiso informes:eliminar).',
    responses: { 204: 'Eliminado.' },
  },
  'GET /api/informes/{id}/resultado': {
    operationId: 'getInformeResultado',
    description:
      'Ejecuta un informe: columnas, una página de filas y la serie del gráfico (permiso informes:ver y el de lectura de sus datos).',
    responses: { 200: 'El resultado: `{columnas, filas, serie, grafico, total, page, pageSize}`.' },
  },
  'GET /api/informes/{id}/resultado.csv': {
    operationId: 'exportInformeResultado',
    description: `Exporta el resultado completo de un informe como CSV (permiso informes:exportar y el de lectura de sus datos). Las celdas que empiezan por =, +, -, @ se neutralizan con un apóstrofo (OWASP). ${CSV}`,
    responses: { 200: 'El CSV del resultado, con los títulos de las columnas como cabecera.' },
  },
  'POST /api/filtrado': {
    operationId: 'filtrar',
    description:
      'Filtra eventos, periodos o usuarios con condiciones (Y) sobre los campos y operadores de una lista blanca (permiso filtrado:usar; usuarios pide además usuarios:ver). Un error nombra la entidad, el campo, el operador o el valor en `message` y en `details[].field` (p. ej. `filtros[2].operador`).',
    responses: { 200: 'Una página de elementos con la forma de la lista de su entidad.' },
  },
};
