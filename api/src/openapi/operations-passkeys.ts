/**
 * The operations of the passkeys (issue #16): the entries of operations.ts for
 * /api/auth/passkeys/*.
 */
import type { OperationDoc } from './operations';

const STEP_UP =
  'Con sesión, sin la contraseña o un segundo factor introducidos en ella en los últimos 10 minutos responde 403 REAUTENTICACION_REQUERIDA (véase POST /api/auth/reautenticar).';
const RULES =
  'Credenciales detectables (residentKey required) y verificación del usuario obligatoria; el RP ID es el nombre de host de APP_URL y el origen esperado el de APP_URL.';
const CHALLENGE = 'El desafío es aleatorio, vale 5 minutos y una sola vez.';

export const PASSKEY_OPERATIONS: Readonly<Record<string, OperationDoc>> = {
  'POST /api/auth/passkeys/registration-options': {
    operationId: 'passkeyRegistrationOptions',
    description: `Opciones de registro de una llave de acceso para \`startRegistration()\` de @simplewebauthn/browser (PublicKeyCredentialCreationOptionsJSON). Con sesión, o con el token de \`{mfa: {token, configurar: true}}\` como bearer. ${RULES} ${CHALLENGE} Como mucho 20 llaves por usuario (409 PASSKEY_LIMITE). ${STEP_UP}`,
    responses: { 200: 'Las opciones; `excludeCredentials` lista las llaves del usuario.' },
  },
  'POST /api/auth/passkeys': {
    operationId: 'registerPasskey',
    description: `Registra la llave de acceso con la respuesta de la ceremonia (\`respuesta\`) y un \`nombre\`. Cierra las demás sesiones del usuario, le avisa por correo y queda auditado. Con el token de configuración como bearer, la sesión empieza ahora. Una respuesta que no se verifica es 400 PASSKEY_NO_VALIDA; una llave ya registrada, 409 PASSKEY_YA_REGISTRADA. ${STEP_UP}`,
    responses: {
      201: 'La llave `{id, nombre, creadoEn, ultimoUsoEn, sincronizada}`; con el token de configuración, también `{token, user}`.',
    },
  },
  'GET /api/auth/passkeys': {
    operationId: 'listPasskeys',
    description: 'Las llaves de acceso del usuario actual, de la más antigua a la más reciente.',
    responses: { 200: '`{passkeys: [{id, nombre, creadoEn, ultimoUsoEn, sincronizada}]}`.' },
  },
  'PATCH /api/auth/passkeys/{id}': {
    operationId: 'renamePasskey',
    description: 'Cambia el nombre de una llave de acceso del usuario actual (404 si no es suya).',
    responses: { 200: 'La llave con su nuevo nombre.' },
  },
  'DELETE /api/auth/passkeys/{id}': {
    operationId: 'deletePasskey',
    description: `Elimina una llave de acceso del usuario actual (404 si no es suya). Cierra las demás sesiones, avisa por correo y queda auditado. ${STEP_UP}`,
    responses: { 204: 'Eliminada.' },
  },
  'POST /api/auth/passkeys/authentication-options': {
    operationId: 'passkeyAuthenticationOptions',
    description: `Opciones para \`startAuthentication()\` (PublicKeyCredentialRequestOptionsJSON). Sin cuerpo o \`{}\`: inicio de sesión sin contraseña, \`allowCredentials\` vacío (el navegador ofrece las llaves detectables que guarda para este sitio, también en el autocompletado). Con \`{token}\` (el de \`{mfa: {token, metodos}}\`): segundo paso de ese usuario, con sus llaves; 401 PASSKEY_NO_VALIDA si el token ya no vale, 409 MFA_NO_CONFIGURADO si no tiene llaves, 429 MFA_BLOQUEADO si su segundo factor está bloqueado. Con \`{reautenticacion: true}\` y el bearer de una sesión: para confirmar la identidad (POST /api/auth/reautenticar \`{respuesta}\`), con las llaves del usuario de la sesión en \`allowCredentials\`; 401 sin sesión válida, 409 MFA_NO_CONFIGURADO si no tiene llaves. ${CHALLENGE}`,
    responses: { 200: 'Las opciones.' },
  },
  'POST /api/auth/passkeys/authenticate': {
    operationId: 'authenticatePasskey',
    description:
      'Inicia sesión con la respuesta de la ceremonia (`respuesta`): una llave verificada por el usuario vale por los dos factores. Con `token`, completa el segundo paso de ese usuario (la llave debe ser suya; el token se gasta). Cualquier rechazo (desafío desconocido, usado o caducado, origen o RP ID ajenos, sin verificación del usuario, firma errónea, contador que no crece, llave desconocida o de otro usuario, usuario desactivado) es 401 PASSKEY_NO_VALIDA; en el segundo paso cuenta como un código erróneo (5 por token; 10 seguidos bloquean el segundo factor 15 minutos, 429 MFA_BLOQUEADO).',
    responses: { 200: 'Sesión iniciada: `{token, user}`.' },
  },
};
