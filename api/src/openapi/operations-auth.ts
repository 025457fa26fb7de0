/**
 * The OpenAPI entries of /api/auth (sign-in, registration, the account lifecycle of issue #15):
 * see operations.ts for what an entry says and why every route needs one.
 */
import type { OperationDoc } from './operations';

export const AUTH_OPERATIONS: Readonly<Record<string, OperationDoc>> = {
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
};
