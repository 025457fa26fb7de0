/**
 * The operations of the second factor (issue #16): the entries of operations.ts for
 * /api/auth/login/mfa, /api/auth/mfa/*, /api/auth/reautenticar and /api/usuarios/{id}/mfa/reset.
 */
import type { OperationDoc } from './operations';

const STEP_UP =
  'Sin la contraseña o un segundo factor introducidos en esta sesión en los últimos 10 minutos responde 403 REAUTENTICACION_REQUERIDA (véase POST /api/auth/reautenticar).';

export const MFA_OPERATIONS: Readonly<Record<string, OperationDoc>> = {
  'POST /api/auth/login/mfa': {
    operationId: 'loginMfa',
    description:
      'Segundo paso del inicio de sesión: el `token` de `{mfa: {token, metodos}}` y un `codigo` (los seis dígitos de la aplicación de autenticación, pasos T−1..T+1, cada paso una sola vez por usuario; o un código de recuperación, de un solo uso). El token vale 5 minutos y admite 5 códigos erróneos; 10 fallos seguidos bloquean el segundo factor 15 minutos (429 MFA_BLOQUEADO) y se avisa al usuario por correo.',
    responses: {
      200: 'Sesión iniciada: `{token, user}`.',
      401: 'Código incorrecto, repetido o caducado, o token no válido (INVALID_CREDENTIALS).',
    },
  },
  'GET /api/auth/mfa': {
    operationId: 'getMfa',
    description:
      'La verificación en dos pasos del usuario actual: factores activos, aplicación pendiente de activar, códigos de recuperación que quedan (la consola avisa con 3 o menos) y si alguno de sus roles la exige.',
    responses: {
      200: '`{metodos, totp: {activo, pendiente, activadoEn}, codigosRecuperacionRestantes, obligatorio}`.',
    },
  },
  'POST /api/auth/mfa/totp': {
    operationId: 'enrolTotp',
    description:
      'Genera el secreto de una aplicación de autenticación (RFC 6238: SHA-1, 6 dígitos, 30 s), pendiente hasta activarlo; se guarda cifrado (AES-256-GCM). Con sesión pide `{password}`; con el token de `{mfa: {token, configurar: true}}` como bearer, `{}`. 409 TOTP_YA_ACTIVO si ya hay una activa.',
    responses: { 200: '`{secret, otpauthUrl}`: la clave manual y la URL del código QR.' },
  },
  'POST /api/auth/mfa/totp/activate': {
    operationId: 'activateTotp',
    description: `Activa la aplicación pendiente con su primer código y devuelve los 10 códigos de recuperación (se muestran una sola vez). Cierra las demás sesiones del usuario y le avisa por correo. Con el token de configuración como bearer, la sesión empieza ahora. ${STEP_UP}`,
    responses: {
      200: '`{codigosRecuperacion}`; con el token de configuración, `{codigosRecuperacion, token, user}`.',
    },
  },
  'DELETE /api/auth/mfa/totp': {
    operationId: 'removeTotp',
    description:
      'Elimina la aplicación de autenticación y los códigos de recuperación, con la contraseña (`{password}`). Cierra las demás sesiones y avisa por correo.',
    responses: { 204: 'Eliminada.' },
  },
  'POST /api/auth/mfa/recovery-codes': {
    operationId: 'regenerateRecoveryCodes',
    description:
      'Genera 10 códigos de recuperación nuevos con la contraseña (`{password}`); los anteriores dejan de servir. Cierra las demás sesiones y avisa por correo.',
    responses: { 200: '`{codigosRecuperacion}`.' },
  },
  'POST /api/auth/reautenticar': {
    operationId: 'reauthenticate',
    description:
      'Confirma la identidad para una operación sensible (cambiar un factor, dar el rol admin, quitar la verificación en dos pasos obligatoria de un rol, restablecer el segundo factor de otro usuario): `{password}`, `{codigo}` o `{respuesta}` (uno de los tres). `respuesta` es lo que responde `startAuthentication()` a las opciones de POST /api/auth/passkeys/authentication-options `{reautenticacion: true}` pedidas con esta sesión: una llave de acceso propia, verificada por el usuario; el desafío sirve una vez; cualquier rechazo es 400 PASSKEY_NO_VALIDA (auditado, no cuenta para el bloqueo del segundo factor). Vale 10 minutos en esta sesión.',
    responses: { 204: 'Confirmada.' },
  },
  'GET /api/usuarios/{id}/mfa': {
    operationId: 'getUsuarioMfa',
    description:
      'La verificación en dos pasos de un usuario, como la ve él mismo en GET /api/auth/mfa (factores activos, códigos de recuperación que quedan, si sus roles la exigen), para decidir si restablecerla (permiso usuarios:editar; las reglas de delegación del restablecimiento).',
    responses: {
      200: '`{metodos, totp: {activo, pendiente, activadoEn}, codigosRecuperacionRestantes, obligatorio}`.',
    },
  },
  'POST /api/usuarios/{id}/mfa/reset': {
    operationId: 'resetUsuarioMfa',
    description: `Restablece la verificación en dos pasos de un usuario que perdió su factor (permiso usuarios:editar), con un \`motivo\` que queda auditado y se le envía por correo; se cierran todas sus sesiones. Reglas de delegación (issue #13) como al restablecer la contraseña. ${STEP_UP}`,
    responses: { 204: 'Restablecida.' },
  },
};
